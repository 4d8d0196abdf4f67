import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { LOGIN_PATH } from './api/api.js';
import { swrConfig } from './api/swr.js';
import { AuthProvider } from './auth/AuthProvider.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { ExternalLinkGuard } from './components/ExternalLinkGuard.js';
import { Notices } from './components/notices.js';
import { preloadBanners } from './components/SiteBanner.js';
import { preloadPage, routes } from './routes.js';
import { cssVariablesResolver, theme } from './theme.js';

// Mantine's stylesheet comes in parts: its base here, and each component's rules with the code of
// the component (vite.config.ts), so a page downloads the rules of what it shows (issue 24).

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Only the login page is for search engines; every other page says noindex (issue 24). index.html
 * is the same for every page, so the SPA says it, as the address changes.
 */
function RobotsMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (pathname === LOGIN_PATH) {
      meta?.remove();
      return;
    }
    if (meta === null) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.append(meta);
    }
    meta.content = 'noindex';
  }, [pathname]);
  return null;
}

/** The providers every page relies on; the router itself is supplied by startApp (or a test). */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <RobotsMeta />
      <Notices />
      <SWRConfig value={swrConfig}>
        <ErrorBoundary>
          <AuthProvider>
            <ExternalLinkGuard>
              <AppRoutes />
            </ExternalLinkGuard>
          </AuthProvider>
        </ErrorBoundary>
      </SWRConfig>
    </MantineProvider>
  );
}

/** How long the first render waits for the page's module before showing the frame and a loader. */
const FIRST_PAGE_WAIT_MS = 3000;

/**
 * Renders the app into `root` (main.tsx) once the first page's module has come (it is on its way
 * since the entry ran): rendered before it, the frame showed its footer under a loader, and the
 * page then pushed it down, a layout shift Lighthouse counted (issue 24). A module slower than
 * FIRST_PAGE_WAIT_MS gets the loader after all.
 */
export function startApp(root: HTMLElement, pathname: string, user: Promise<unknown>): void {
  // Every signed-in page shows the site banner: its read (sent early once the person is known to be
  // signed in) goes to swr's cache before the first render, so the banner shows with the page.
  void user.then((signedIn) => {
    if (signedIn !== null) preloadBanners();
  });
  const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS));
  void Promise.race([preloadPage(pathname), waited]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}
