import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useRoutes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from './api/swr.js';
import { AuthProvider } from './auth/AuthProvider.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { ExternalLinkGuard } from './components/ExternalLinkGuard.js';
import { routes } from './routes.js';
import { cssVariablesResolver, theme } from './theme.js';

export function AppRoutes() {
  return useRoutes(routes);
}

/** The providers every page relies on; the router itself is supplied by main.tsx (or a test). */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications />
      <ModalsProvider>
        <SWRConfig value={swrConfig}>
          <ErrorBoundary>
            <AuthProvider>
              <ExternalLinkGuard>
                <AppRoutes />
              </ExternalLinkGuard>
            </AuthProvider>
          </ErrorBoundary>
        </SWRConfig>
      </ModalsProvider>
    </MantineProvider>
  );
}
