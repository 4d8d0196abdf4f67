import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CenteredLoader } from '../components/CenteredLoader.js';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { RouteAnnouncer } from './RouteAnnouncer.js';
import { MAIN_ID, SkipLink } from './SkipLink.js';
import { useIsMobile } from './useIsMobile.js';

/** The frame of pages open without a session: login, logout, not-authorized, user-not-found. */
export function PublicLayout() {
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <SkipLink />
      <RouteAnnouncer />
      <AppShell.Header>
        <Header user={null} isMobile={isMobile} />
      </AppShell.Header>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <ErrorBoundary resetKey={pathname} withinMain>
          <Suspense fallback={<CenteredLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
