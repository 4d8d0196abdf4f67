import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../auth/auth-context.js';
import { CenteredLoader } from '../components/CenteredLoader.js';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { SiteBanner } from '../components/SiteBanner.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { buildNavigation } from './navigation.js';
import { RouteAnnouncer } from './RouteAnnouncer.js';
import { SideNav } from './SideNav.js';
import { MAIN_ID, SkipLink } from './SkipLink.js';
import { useIsMobile } from './useIsMobile.js';

/** The signed-in frame: header, side navigation (the mobile menu under 768 px), site banner, page, footer. */
export function AppLayout() {
  const { user, principal } = useCurrentUser();
  const isMobile = useIsMobile();
  const [mobileOpened, mobileMenu] = useDisclosure(false);
  const [desktopOpened, desktopMenu] = useDisclosure(true);
  const { pathname } = useLocation();
  const entries = buildNavigation(principal, { isMobile });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <SkipLink />
      <RouteAnnouncer />
      <AppShell.Header>
        <Header
          user={user}
          isMobile={isMobile}
          menuOpened={isMobile ? mobileOpened : desktopOpened}
          onToggleMenu={isMobile ? mobileMenu.toggle : desktopMenu.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideNav entries={entries} onNavigate={mobileMenu.close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {/* At least a screen high, so the footer starts below the first screen: a page that shows
            its loader, then its list, no longer pushes the footer down in view (a layout shift). */}
        <div style={{ minHeight: '100dvh' }}>
          <SiteBanner />
          <ErrorBoundary resetKey={pathname} withinMain>
            <Suspense fallback={<CenteredLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
