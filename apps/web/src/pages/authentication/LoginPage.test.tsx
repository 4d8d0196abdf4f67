import type { Uri } from '@portal/domain/api/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_NAME_COOKIE } from '../../auth/login-name-cookie.js';
import { browser } from '../../lib/browser.js';
import { jsonResponse, renderWithProviders, signedIn, withState } from '../../test/render.js';
import LoginPage from './LoginPage.js';

const signedOut = () => withState({ status: 'unauthenticated' });

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
  document.cookie = `${LOGIN_NAME_COOKIE}=; Max-Age=0; Path=/`;
  window.localStorage.clear();
});

describe('login page', () => {
  it('shows the sanitised error parameter as an error banner', () => {
    renderWithProviders(<LoginPage />, {
      path: `/login?error=${encodeURIComponent('<img src=x onerror=alert(1)> User not found!')}`,
      auth: signedOut(),
    });
    expect(screen.getByRole('alert').textContent).toContain('img srcx onerroralert1 User not found');
    expect(screen.getByRole('alert').textContent).not.toMatch(/[<>=()!]/);
    expect(document.title).toBe('Login');
  });

  it('shows no banner without an error parameter', () => {
    renderWithProviders(<LoginPage />, { path: '/login', auth: signedOut() });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Email Address or EID')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign On' })).toBeTruthy();
  });

  it('sends an already signed-in user home', () => {
    renderWithProviders(<LoginPage />, { path: '/login', auth: signedIn() });
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('clears the locally stored marketing keys and nothing else', () => {
    window.localStorage.setItem('marketingPopup:BJS', 'shown');
    window.localStorage.setItem('marketing-other', '1');
    window.localStorage.setItem('bannerAcknowledged', '123');
    renderWithProviders(<LoginPage />, { path: '/login', auth: signedOut() });
    expect(window.localStorage.getItem('marketingPopup:BJS')).toBeNull();
    expect(window.localStorage.getItem('marketing-other')).toBeNull();
    expect(window.localStorage.getItem('bannerAcknowledged')).toBe('123');
  });

  it('asks where to sign in, goes to single sign-on for "sso", and remembers the name', async () => {
    const fetchMock = vi.fn(async () => jsonResponse<Uri>(200, { uri: 'sso' }));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderWithProviders(<LoginPage />, { path: '/login', auth: signedOut() });

    fireEvent.change(screen.getByLabelText('Email Address or EID'), {
      target: { value: 'jane@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign On' }));

    // What was typed goes on as the provider's login hint: the demo sign-in page shows it filled in.
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/api/oauth2/authorization/sso?loginHint=jane%40example.com'),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/login/redirect?username=jane%40example.com',
      expect.anything(),
    );
    expect(document.cookie).toContain(`${LOGIN_NAME_COOKIE}=jane%40example.com`);
  });

  it('follows any other uri and prefills the remembered name', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: setting up the remembered login name.
    document.cookie = `${LOGIN_NAME_COOKIE}=E12345; Path=/`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<Uri>(200, { uri: '/api/oauth2/authorization/partner-idp' })),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderWithProviders(<LoginPage />, { path: '/login', auth: signedOut() });

    expect((screen.getByLabelText('Email Address or EID') as HTMLInputElement).value).toBe('E12345');
    fireEvent.click(screen.getByRole('button', { name: 'Sign On' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/api/oauth2/authorization/partner-idp?loginHint=E12345'),
    );
  });

  const REPORTS = '/partners/EXT/BJS/report-categories/SETTLEMENT/reports?date=2026-11-16';

  /** Signs on from the login page told to return to `returnTo`, typing `login`: where the browser goes. */
  async function signOnReturningTo(returnTo: string, login: string) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<Uri>(200, { uri: 'sso' })),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderWithProviders(<LoginPage />, {
      path: `/login?returnTo=${encodeURIComponent(returnTo)}`,
      auth: signedOut(),
    });
    fireEvent.change(screen.getByLabelText('Email Address or EID'), { target: { value: login } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign On' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    return assign.mock.calls[0]?.[0];
  }

  it('carries the page that sent the person here to the sign-in, and back', async () => {
    expect(await signOnReturningTo(REPORTS, 'E12345')).toBe(
      `/api/oauth2/authorization/sso?returnTo=${encodeURIComponent(REPORTS)}&loginHint=E12345`,
    );
  });

  it.each([
    'https://evil.example/partners',
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/no-such-page',
  ])('drops a return path that is not a page of the portal (%s)', async (returnTo) => {
    expect(await signOnReturningTo(returnTo, '')).toBe('/api/oauth2/authorization/sso');
  });

  it('sends an already signed-in user to the page they came from', () => {
    // In its route, as in the app: once it has sent the person on, the login page is gone.
    const inRoute = (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={null} />
      </Routes>
    );
    renderWithProviders(inRoute, {
      path: `/login?returnTo=${encodeURIComponent(REPORTS)}`,
      auth: signedIn(),
    });
    expect(screen.getByTestId('location').textContent).toBe(REPORTS);
  });
});
