import './browser-stubs.js';
import { MantineProvider } from '@mantine/core';
import type { PageName, Principal } from '@portal/domain';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, vi } from 'vitest';
import { swrConfig } from '../api/swr.js';
import { type Auth, AuthContext, type AuthState } from '../auth/auth-context.js';
import { type PortalUser, toPrincipal } from '../auth/user.js';
import { CurrentPageContext } from '../components/current-page.js';
import { ExternalLinkGuard } from '../components/ExternalLinkGuard.js';
import { theme } from '../theme.js';
import { setViewportWidth } from './browser-stubs.js';

export { setViewportWidth };

// Pages load lazily; on a busy machine the first import can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  setViewportWidth(1280);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.title = '';
});

export function makeUser(overrides: Partial<PortalUser> = {}): PortalUser {
  return {
    userId: 'jane.doe@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: null,
    commonId: null,
    isExternalUser: true,
    isInternalAdmin: false,
    isServiceAccount: false,
    features: [],
    partners: { partnerAccess: [] },
    ...overrides,
  };
}

export function signedIn(user: PortalUser = makeUser()): Auth {
  const principal: Principal = toPrincipal(user);
  return { status: 'authenticated', user, principal, reload: vi.fn(async () => {}), clear: vi.fn() };
}

export function withState(state: AuthState): Auth {
  return { ...state, reload: vi.fn(async () => {}), clear: vi.fn() } as Auth;
}

/** Shows the router's current path, so a test can see where a page navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

type Options = {
  /** The address the memory router starts at. */
  path?: string;
  auth?: Auth;
  /** The PAGES entry the route table would give this page (its title, for one). */
  page?: PageName;
};

/** Renders inside the app's providers: Mantine, a fresh swr cache, a memory router and an auth state. */
export function renderWithProviders(ui: ReactNode, { path = '/', auth = signedIn(), page }: Options = {}) {
  return render(
    <MantineProvider theme={theme}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <AuthContext.Provider value={auth}>
            <ExternalLinkGuard>
              <CurrentPageContext.Provider value={page ?? null}>{ui}</CurrentPageContext.Provider>
            </ExternalLinkGuard>
            <LocationProbe />
          </AuthContext.Provider>
        </MemoryRouter>
      </SWRConfig>
    </MantineProvider>,
  );
}

/**
 * A fetch stand-in answering with the given status and JSON body, typed by its reply type of
 * `@portal/domain/api`: `jsonResponse<PartnerListReply>(200, …)`, `jsonResponse<Message>(403, …)`.
 * The type must be named (it is never inferred from the body), so a stub that drifts from its
 * reply fails the typecheck. `unknown` is for the API client's own tests of malformed replies.
 */
export function jsonResponse<Reply = never>(status: number, body: NoInfer<Reply>): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
