import { MESSAGES, PAGES } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import EditExternalUserPage from './EditExternalUserPage.js';

// SPEC.md §5: the edit page of an internal user reads 'Internal Users cannot be edited.', the API's
// 400 reply, in place (not the Technical Difficulties screen); an unknown id 'User ID was not found.'.
function renderFor(userId: string, status: number, message: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse<Message>(status, { message })),
  );
  return renderWithProviders(
    <Routes>
      <Route path={PAGES.adminUserEdit.path} element={<EditExternalUserPage />} />
    </Routes>,
    {
      path: `/admin/users/${userId}/edit`,
      auth: signedIn(makeUser({ isInternalAdmin: true })),
      page: 'adminUserEdit',
    },
  );
}

describe('Edit External User', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the 400 message for an internal user, as an alert beside the page heading', async () => {
    renderFor('E100002', 400, MESSAGES.internalUsersCannotBeEdited);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Internal Users cannot be edited.');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText(/Technical Difficulties/)).toBeNull();
  });

  it('shows the 404 message for an unknown user', async () => {
    renderFor('nobody', 404, 'User ID was not found.');
    expect((await screen.findByRole('alert')).textContent).toContain('User ID was not found.');
  });
});
