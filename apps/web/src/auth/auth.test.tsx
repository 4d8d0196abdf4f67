import type { Uri } from '@portal/domain/api/auth';
import type { Message } from '@portal/domain/api/common';
import type { PortalUser, SignedInStatus } from '@portal/domain/api/user';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser.js';
import { jsonResponse, makeUser, renderWithProviders } from '../test/render.js';
import { AuthProvider, loadAuthState } from './AuthProvider.js';
import { type Auth, useAuth } from './auth-context.js';
import { asksWhoIsSignedIn, isPublicPage, startSignInCheck } from './sign-in-check.js';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

/** The status call waits for the returned function's answer; every other read answers `user`. */
function holdStatus(user = makeUser()): (response: Response) => void {
  let answerStatus: (response: Response) => void = () => {};
  fetchMock.mockImplementation((path: string) =>
    path === '/api/user/authenticated'
      ? new Promise<Response>((resolve) => {
          answerStatus = resolve;
        })
      : Promise.resolve(jsonResponse<PortalUser>(200, user)),
  );
  return (response) => answerStatus(response);
}

const sentPaths = () => fetchMock.mock.calls.map(([path]) => path);

const answer = (replies: Record<string, Response>) =>
  fetchMock.mockImplementation(
    async (path: string) => replies[path]?.clone() ?? jsonResponse<Message>(404, { message: 'none' }),
  );

/** Shows the state, and hands the test the provider's value (to start a check and clear by hand). */
function Capture({ onAuth }: { onAuth: (auth: Auth) => void }) {
  const auth = useAuth();
  onAuth(auth);
  return <p>state: {auth.status}</p>;
}

function Status() {
  return <p>state: {useAuth().status}</p>;
}

describe('authentication state', () => {
  it('is unauthenticated on a 401 from the status call, without leaving the page', async () => {
    answer({
      '/api/user/authenticated': jsonResponse<Message & Uri>(401, {
        message: 'Unauthenticated',
        uri: '/login',
      }),
    });
    await expect(loadAuthState()).resolves.toEqual({ status: 'unauthenticated' });
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('loads the user and builds the principal from its partner access on OK', async () => {
    const user = makeUser({
      isExternalUser: false,
      features: ['VIEW_REPORTS'],
      partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'ALL' }] },
    });
    answer({
      '/api/user/authenticated': jsonResponse<SignedInStatus>(200, { status: 'OK' }),
      '/api/user': jsonResponse<PortalUser>(200, user),
    });
    await expect(loadAuthState()).resolves.toEqual({
      status: 'authenticated',
      user,
      principal: {
        isInternalAdmin: false,
        isExternalUser: false,
        features: ['VIEW_REPORTS'],
        partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'ALL' }],
      },
    });
  });

  it('takes the user from the status call, and reads it after an OK that does not carry it', async () => {
    const answerStatus = holdStatus();
    const state = loadAuthState();
    expect(sentPaths()).toEqual(['/api/user/authenticated']);
    answerStatus(
      jsonResponse<SignedInStatus>(200, { status: 'OK', user: makeUser({ userId: 'from-status' }) }),
    );
    await expect(state).resolves.toMatchObject({ status: 'authenticated', user: { userId: 'from-status' } });
    expect(sentPaths()).toEqual(['/api/user/authenticated']);

    fetchMock.mockClear();
    answer({
      '/api/user/authenticated': jsonResponse<SignedInStatus>(200, { status: 'OK' }),
      '/api/user': jsonResponse<PortalUser>(200, makeUser({ userId: 'read-after' })),
    });
    await expect(loadAuthState()).resolves.toMatchObject({ user: { userId: 'read-after' } });
    expect(sentPaths()).toEqual(['/api/user/authenticated', '/api/user']);

    fetchMock.mockClear();
    answer({ '/api/user/authenticated': jsonResponse<SignedInStatus>(200, { status: 'UNAUTHENTICATED' }) });
    await expect(loadAuthState()).resolves.toEqual({ status: 'unauthenticated' });
    expect(sentPaths()).toEqual(['/api/user/authenticated']);
  });

  it('sends the check early from the entry, and the app takes its answer: one read in all', async () => {
    const answerStatus = holdStatus();
    const user = startSignInCheck('/faqs');
    expect(sentPaths()).toEqual(['/api/user/authenticated']);
    answerStatus(jsonResponse<SignedInStatus>(200, { status: 'OK', user: makeUser({ userId: 'early' }) }));
    await expect(user).resolves.toMatchObject({ userId: 'early' });
    await expect(loadAuthState()).resolves.toMatchObject({
      status: 'authenticated',
      user: { userId: 'early' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends no user read early for a signed-out browser', async () => {
    answer({ '/api/user/authenticated': jsonResponse<SignedInStatus>(200, { status: 'UNAUTHENTICATED' }) });
    await expect(startSignInCheck('/partners')).resolves.toBeNull();
    await expect(loadAuthState()).resolves.toEqual({ status: 'unauthenticated' });
    expect(sentPaths()).toEqual(['/api/user/authenticated']);
  });

  it('follows the uri of a failed user read (an unknown user) and stays unknown', async () => {
    answer({
      '/api/user/authenticated': jsonResponse<SignedInStatus>(200, { status: 'OK' }),
      '/api/user': jsonResponse<Message & Uri>(404, { message: 'User not found', uri: '/user-not-found' }),
    });
    await expect(loadAuthState()).resolves.toEqual({ status: 'unknown' });
    expect(browser.assign).toHaveBeenCalledWith('/user-not-found');
  });

  it('starts unknown and settles once the status call answers', async () => {
    answer({
      '/api/user/authenticated': jsonResponse<Message & Uri>(401, {
        message: 'Unauthenticated',
        uri: '/login',
      }),
    });
    renderWithProviders(
      <AuthProvider>
        <Status />
      </AuthProvider>,
    );
    expect(screen.getByText('state: unknown')).toBeTruthy();
    expect(await screen.findByText('state: unauthenticated')).toBeTruthy();
  });

  it('asks nothing on the login page of a browser that has had no session (no 401 in its console)', async () => {
    answer({
      '/api/user/authenticated': jsonResponse<Message & Uri>(401, {
        message: 'Unauthenticated',
        uri: '/login',
      }),
    });
    renderWithProviders(
      <AuthProvider>
        <Status />
      </AuthProvider>,
      { path: '/login' },
    );
    expect(await screen.findByText('state: unknown')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('remembers a session it has seen, and then asks on the login page: the status call first', async () => {
    answer({
      '/api/user/authenticated': jsonResponse<SignedInStatus>(200, { status: 'OK' }),
      '/api/user': jsonResponse<PortalUser>(200, makeUser()),
    });
    const first = renderWithProviders(
      <AuthProvider>
        <Status />
      </AuthProvider>,
    );
    expect(await screen.findByText('state: authenticated')).toBeTruthy();
    first.unmount();
    fetchMock.mockClear();

    renderWithProviders(
      <AuthProvider>
        <Status />
      </AuthProvider>,
      { path: '/login' },
    );
    expect(await screen.findByText('state: authenticated')).toBeTruthy();
    expect(sentPaths()).toEqual(['/api/user/authenticated', '/api/user']);
  });

  it('forgets the session when the status call says there is none', async () => {
    window.localStorage.setItem('portal.signedIn', '1');
    answer({
      '/api/user/authenticated': jsonResponse<Message & Uri>(401, {
        message: 'Unauthenticated',
        uri: '/login',
      }),
    });
    renderWithProviders(
      <AuthProvider>
        <Status />
      </AuthProvider>,
      { path: '/login' },
    );
    expect(await screen.findByText('state: unauthenticated')).toBeTruthy();
    expect(window.localStorage.getItem('portal.signedIn')).toBeNull();
  });

  it('does not ask on the logout page, even in a browser that had a session (it would race the logout)', async () => {
    window.localStorage.setItem('portal.signedIn', '1');
    answer({ '/api/user/authenticated': jsonResponse<SignedInStatus>(200, { status: 'OK' }) });
    expect(asksWhoIsSignedIn('/logout')).toBe(false);
    expect(asksWhoIsSignedIn('/login')).toBe(true);
    renderWithProviders(
      <AuthProvider>
        <Status />
      </AuthProvider>,
      { path: '/logout' },
    );
    expect(await screen.findByText('state: unknown')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops a check that was still on its way when the session was cleared', async () => {
    const answerStatus = holdStatus();
    let auth: Auth | undefined;
    // The login page of a browser without a session asks nothing by itself: the test starts the check.
    renderWithProviders(
      <AuthProvider>
        <Capture
          onAuth={(value) => {
            auth = value;
          }}
        />
      </AuthProvider>,
      { path: '/login' },
    );
    expect(await screen.findByText('state: unknown')).toBeTruthy();
    let check: Promise<void> = Promise.resolve();
    act(() => {
      check = auth?.reload() ?? check;
    });
    await waitFor(() => expect(sentPaths()).toEqual(['/api/user/authenticated']));
    act(() => auth?.clear());
    expect(screen.getByText('state: unauthenticated')).toBeTruthy();
    answerStatus(jsonResponse<SignedInStatus>(200, { status: 'OK' }));
    // The check has run to its end (its user read sent and answered): whatever it would set is set.
    await act(async () => check);
    expect(sentPaths()).toEqual(['/api/user/authenticated', '/api/user']);
    expect(screen.getByText('state: unauthenticated')).toBeTruthy();
    expect(window.localStorage.getItem('portal.signedIn')).toBeNull();
  });

  it('tells the public pages from the signed-in ones', () => {
    for (const path of [
      '/login',
      '/logout',
      '/user-not-found',
      '/not-authorized',
      '/invitation',
      '/invitation/x1',
    ]) {
      expect(isPublicPage(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/faqs',
      '/login/x',
      '/invitation/x1/y',
      '/partners/EXT/BJS/report-categories',
    ]) {
      expect(isPublicPage(path), path).toBe(false);
    }
  });
});
