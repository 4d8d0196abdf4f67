import { MESSAGES } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import type { Subscription, SubscriptionsReply } from '@portal/domain/api/subscriptions';
import type { PortalUser } from '@portal/domain/api/user';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import MyAccountPage from './MyAccountPage.js';

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** The page's own read of My subscriptions answers an empty list; every other call `other`. */
const withSubscriptions =
  (other: (url: string, init?: RequestInit) => Promise<Response>, subscriptions: Subscription[] = []) =>
  async (url: string, init?: RequestInit) =>
    url === '/api/subscriptions' && (init?.method ?? 'GET') === 'GET'
      ? jsonResponse<SubscriptionsReply>(200, { subscriptions })
      : other(url, init);

describe('my account', () => {
  it('shows the four fields and offers no Edit when the user id is not the email', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(withSubscriptions(async () => jsonResponse<Message>(404, { message: 'Not found' }))),
    );
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
    const fetchMock = vi.fn(withSubscriptions(async () => jsonResponse<PortalUser>(200, makeUser())));
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
      vi.fn(withSubscriptions(async () => jsonResponse<Message>(500, { message: 'boom' }))),
    );
    renderWithProviders(<MyAccountPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.profileUpdateFailed)).toBeTruthy();
  });

  it("takes no more of a name than the server's limit of 100 characters", () => {
    vi.stubGlobal('fetch', vi.fn(withSubscriptions(async () => jsonResponse<PortalUser>(200, makeUser()))));
    renderWithProviders(<MyAccountPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    for (const label of ['First Name', 'Last Name']) {
      expect(screen.getByLabelText(label).getAttribute('maxlength')).toBe('100');
    }
  });

  it('requires both names and restores them on Cancel', () => {
    const fetchMock = vi.fn(withSubscriptions(async () => jsonResponse<PortalUser>(200, makeUser())));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MyAccountPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MESSAGES.required)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url !== '/api/subscriptions')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(value('Last Name')).toBe('Doe');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  const subscription = (
    subscriptionId: number,
    categoryName: string,
    pausedReason: string | null,
    frequencyTypes: { code: string; name: string }[] = [],
  ): Subscription => ({
    subscriptionId,
    accessTypeCode: 'EXT',
    partnerCode: 'BJS',
    partnerName: "BJ's",
    categoryCode: categoryName.toUpperCase(),
    categoryName,
    frequencyTypeCodes: frequencyTypes.map((type) => type.code),
    frequencyTypes,
    delivery: 'DAILY_DIGEST',
    digestTime: '09:00',
    pausedReason,
    lastSentAt: null,
    createdAt: '2026-11-26T12:00:00.000Z',
    pendingReports: 0,
  });

  it('lists my subscriptions with why one is paused, and unfollows one, naming it', async () => {
    const fetchMock = vi.fn(
      withSubscriptions(
        async () => jsonResponse<Message>(200, { message: "You no longer follow Accounts for BJ's." }),
        [
          subscription(1, 'Settlement', null, [
            { code: 'DLY', name: 'Day' },
            { code: 'WLY', name: 'Week' },
          ]),
          subscription(2, 'Accounts', 'Paused: you no longer have access to this partner.'),
        ],
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MyAccountPage />);
    expect(await screen.findByRole('heading', { name: 'My subscriptions' })).toBeTruthy();
    expect(await screen.findByText("BJ's: Settlement")).toBeTruthy();
    // Frequency types by name, as the portal shows them, not by code.
    expect(screen.getByText('Daily digest at 09:00 ET on business days; Day, Week')).toBeTruthy();
    expect(screen.getByText('Daily digest at 09:00 ET on business days; every frequency type')).toBeTruthy();
    expect(screen.getByText('Paused: you no longer have access to this partner.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unfollow Accounts' }));
    expect(await screen.findByText("You no longer follow Accounts for BJ's.")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/subscriptions/2',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it("takes a digest time's error away once the time is changed", async () => {
    const fetchMock = vi.fn(
      withSubscriptions(
        async () =>
          jsonResponse<Message>(400, {
            message: 'Enter the digest time as HH:MM, such as 09:00.',
            field: 'digestTime',
          }),
        [subscription(1, 'Settlement', null)],
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MyAccountPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Settlement' }));
    const time = await screen.findByLabelText('Digest time (Eastern time, business days)');
    fireEvent.change(time, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the digest time as HH:MM, such as 09:00.')).toBeTruthy();
    fireEvent.change(time, { target: { value: '10:15' } });
    expect(screen.queryByText('Enter the digest time as HH:MM, such as 09:00.')).toBeNull();
  });
});
