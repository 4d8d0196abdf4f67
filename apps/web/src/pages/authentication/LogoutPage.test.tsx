import { MESSAGES } from '@portal/domain';
import type { Uri } from '@portal/domain/api/auth';
import type { Message } from '@portal/domain/api/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.js';
import { jsonResponse, renderWithProviders, signedIn } from '../../test/render.js';
import LogoutPage from './LogoutPage.js';

describe('logout', () => {
  it('follows an https address from the server and clears the user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<Uri>(200, { uri: 'https://sso.example.com/logout' })),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const auth = signedIn();
    renderWithProviders(<LogoutPage />, { auth });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example.com/logout'));
    expect(auth.clear).toHaveBeenCalled();
  });

  it('does not follow any other address and says the user is logged out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<Uri>(200, { uri: 'http://sso.example.com/logout' })),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const auth = signedIn();
    renderWithProviders(<LogoutPage />, { auth });
    expect(await screen.findByText(MESSAGES.loggedOut)).toBeTruthy();
    expect(screen.getByText(/close your browser/)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(auth.clear).toHaveBeenCalled();
  });

  it('still logs the user out locally when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<Message & Uri>(401, { message: 'Unauthenticated', uri: '/login' })),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderWithProviders(<LogoutPage />);
    expect(await screen.findByText(MESSAGES.loggedOut)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
