import { MESSAGES } from '@portal/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import MyAccountPage from './MyAccountPage.js';

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('my account', () => {
  it('shows the four fields and offers no Edit when the user id is not the email', () => {
    renderWithProviders(<MyAccountPage />, {
      auth: signedIn(makeUser({ userId: 'E12345', email: 'jane@example.com' })),
      page: 'myAccount',
    });
    expect([value('First Name'), value('Last Name'), value('User ID'), value('Email')]).toEqual([
      'Jane',
      'Doe',
      'E12345',
      'jane@example.com',
    ]);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(document.title).toBe('My Account');
  });

  it('updates the names with PUT /api/saas/user/updateSelf and says Updated', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const auth = signedIn(makeUser());
    renderWithProviders(<MyAccountPage />, { auth });

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('User ID') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: ' Janet ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/saas/user/updateSelf',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({ firstName: 'Janet', lastName: 'Doe' }),
      }),
    );
    expect(auth.reload).toHaveBeenCalled();
  });

  it('says Failed to update when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { message: 'boom' })),
    );
    renderWithProviders(<MyAccountPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.profileUpdateFailed)).toBeTruthy();
  });

  it('requires both names and restores them on Cancel', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MyAccountPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MESSAGES.required)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(value('Last Name')).toBe('Doe');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });
});
