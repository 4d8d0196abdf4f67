import { MESSAGES } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import type {
  InvitationPageReply,
  InvitationsReply,
  SaasInvitation,
  SaasUsersReply,
  TenantsReply,
} from '@portal/domain/api/tenants';
import {
  INVITATION_OUTCOME_MESSAGES,
  INVITATION_PENDING_MESSAGE,
  INVITATION_SIGN_IN_AGAIN_LAPSED,
} from '@portal/domain/saas-users/invitation';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import InvitationStatusPage from './InvitationStatusPage.js';
import SaasInvitationsPage from './SaasInvitationsPage.js';
import SaasUsersPage from './SaasUsersPage.js';

// The invitation journey's pages (issue 24): the invitation's own page in each of its states, and
// Resend and the refusal wording on the tenant users pages.
const ID = '0b0c0d0e-0000-4000-8000-000000000001';
const invitation = {
  invitationId: ID,
  tenantId: 'saas-acme',
  emailAddress: 'pending@acme.example',
  userRoleIds: ['cm', 'data'],
  isThoughtSpotUser: false,
  inviterName: 'Tess',
  invitationUrl: `http://portal/invitation/${ID}`,
  invitationCreationTimeStamp: '2026-11-20T10:00:00.000Z',
  invitationExpirationTimeStamp: '2026-11-27T10:00:00.000Z',
};
const tenants = [
  { tenantId: 'saas-acme', displayName: 'Acme Stores - Partner Portal', branding: { logoUrl: null } },
];
const role = (roleId: string, roleDescription: string, rank: number | null) => ({
  roleId,
  roleName: roleId.toUpperCase(),
  roleDescription,
  rank,
});

function stubFetch(answer: (url: string, init: RequestInit) => Response | undefined) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const given = answer(url, init);
    if (given) return given;
    if (url === '/api/saas/tenant') return jsonResponse<TenantsReply>(200, tenants);
    return jsonResponse<Message>(404, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const at = (path: string, pattern: string, element: ReactNode) =>
  renderWithProviders(
    <Routes>
      <Route path={pattern} element={element} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
const invitationPage = (search = '') =>
  at(`/invitation/${ID}${search}`, '/invitation/:invitationId', <InvitationStatusPage />);
const page = (reply: Omit<InvitationPageReply, 'invitationId'>) => (url: string) =>
  url === `/api/saas/invitations/${ID}`
    ? jsonResponse<InvitationPageReply>(200, { invitationId: ID, ...reply })
    : undefined;

describe('the invitation page', { timeout: 20_000 }, () => {
  it('says why a link did not work', async () => {
    stubFetch(() => undefined);
    at('/invitation?status=expired', '/invitation', <InvitationStatusPage />);
    expect((await screen.findByTestId('invitation-status')).textContent).toBe(
      INVITATION_OUTCOME_MESSAGES.expired,
    );
  });

  it('after a sign-in as another person, offers to sign in as the invited address', async () => {
    stubFetch(page({ status: 'pending', signInAs: 'new.person@invited.demo' }));
    invitationPage('?status=mismatched');
    const button = await screen.findByRole('link', { name: 'Sign in as new.person@invited.demo' });
    // A navigation to the API, which starts the sign-in again (prompt=login, the address as hint).
    expect(button.getAttribute('href')).toBe(`/api/saas/invitations/${ID}/sign-in-again`);
    expect(screen.getByText(INVITATION_OUTCOME_MESSAGES.mismatched)).toBeTruthy();
  });

  it('after a sign-in as another person whose offer has lapsed, says to open the e-mail’s link again', async () => {
    stubFetch(page({ status: 'pending' }));
    invitationPage('?status=mismatched');
    expect(await screen.findByText(INVITATION_SIGN_IN_AGAIN_LAPSED)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Sign in as/ })).toBeNull();
  });

  it('tells the person who accepted it what they joined, with a way on', async () => {
    stubFetch(
      page({
        status: 'used',
        joined: { tenantName: 'Acme Stores', roles: ['Corporate Manager', 'Acme data'] },
      }),
    );
    invitationPage();
    expect(await screen.findByText('You have joined Acme Stores.')).toBeTruthy();
    expect(screen.getByText('Your roles: Corporate Manager, Acme data.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to the portal' }).getAttribute('href')).toBe('/');
  });

  it('tells anyone else its status and what to do, and a made-up address that it is not valid', async () => {
    stubFetch(page({ status: 'pending' }));
    const first = invitationPage();
    expect((await screen.findByTestId('invitation-status')).textContent).toBe(INVITATION_PENDING_MESSAGE);
    first.unmount();
    stubFetch(page({ status: 'deleted' }));
    const second = invitationPage();
    expect((await screen.findByTestId('invitation-status')).textContent).toBe(
      INVITATION_OUTCOME_MESSAGES.deleted,
    );
    second.unmount();
    // An id no invitation has: the API says 'invalid' (a malformed one is still refused, 400/404).
    stubFetch(page({ status: 'invalid' }));
    const third = invitationPage();
    expect((await screen.findByTestId('invitation-status')).textContent).toBe(
      INVITATION_OUTCOME_MESSAGES.invalid,
    );
    third.unmount();
    stubFetch(() => undefined);
    invitationPage();
    expect((await screen.findByTestId('invitation-status')).textContent).toBe(
      INVITATION_OUTCOME_MESSAGES.invalid,
    );
  });

  it('shows its administrator the invitation, resends it and deletes it', async () => {
    let status: InvitationPageReply['status'] = 'pending';
    let resendFails = false;
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'POST') {
        return resendFails
          ? jsonResponse<Message>(409, {
              message: 'This invitation has expired. Please invite the person again.',
            })
          : jsonResponse<SaasInvitation>(200, invitation);
      }
      if (init.method === 'DELETE') {
        status = 'deleted';
        return new Response(null, { status: 204 });
      }
      return page({
        status,
        managed: {
          tenantName: 'Acme Stores',
          invitation,
          roles: [role('cm', 'Corporate Manager', 2), role('data', 'Acme data', null)],
        },
      })(url);
    });
    invitationPage();
    expect(await screen.findByText('Invitation to Acme Stores')).toBeTruthy();
    expect(screen.getByText('pending@acme.example')).toBeTruthy();
    expect(screen.getByText('Corporate Manager, Acme data')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('11/27/2026 10:00 UTC')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Pending invitations of Acme Stores' }).getAttribute('href'),
    ).toBe('/admin/saas-acme/saas-users/invitations');

    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(MESSAGES.inviteSuccess)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(post[0]).toBe(`/api/saas/user/saas-acme/invitations/${ID}/resend`);
    resendFails = true;
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText(
        'There was an issue sending User Invitation. -- This invitation has expired. Please invite the person again.',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.invitationDeleted)).toBeTruthy();
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });
});

describe('tenant users pages, issue 24', { timeout: 20_000 }, () => {
  it('resends a pending invitation from the list, saying so', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'POST') return jsonResponse<SaasInvitation>(200, invitation);
      if (url.startsWith('/api/saas/user/saas-acme/invitations')) {
        return jsonResponse<InvitationsReply>(200, {
          invitations: [invitation],
          page: 1,
          limit: 100,
          hasNext: false,
        });
      }
      return undefined;
    });
    at(
      '/admin/saas-acme/saas-users/invitations',
      '/admin/:tenantId/saas-users/invitations',
      <SaasInvitationsPage />,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Resend the invitation of pending@acme.example' }),
    );
    expect(await screen.findByText(MESSAGES.inviteSuccess)).toBeTruthy();
    expect(fetchMock.mock.calls.find(([, init]) => init.method === 'POST')?.[0]).toBe(
      `/api/saas/user/saas-acme/invitations/${ID}/resend`,
    );
    // The address leads to the invitation's page.
    expect(screen.getByRole('link', { name: 'pending@acme.example' }).getAttribute('href')).toBe(
      `/invitation/${ID}`,
    );
  });

  it('names the tenant in the heading, and says in the dialog why a user ranked above could not be removed', async () => {
    const boss = {
      userId: 'boss@acme.example',
      emailAddress: 'boss@acme.example',
      firstName: 'B',
      lastName: 'O',
      roles: [role('pm', 'Partner Manager', 3)],
    };
    stubFetch((url, init) => {
      if (init.method === 'DELETE')
        return jsonResponse<Message>(403, { message: 'You may not remove a user ranked above you.' });
      if (url.startsWith('/api/saas/user/saas-acme?')) {
        return jsonResponse<SaasUsersReply>(200, { users: [boss], count: 1, page: 1, limit: 50 });
      }
      return undefined;
    });
    at('/admin/saas-acme/saas-users', '/admin/:tenantId/saas-users', <SaasUsersPage />);
    await screen.findByRole('heading', { level: 1, name: 'Tenant Users: Acme Stores' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete boss@acme.example' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The dialog stays open with the refusal, for another try or Cancel.
    expect(
      await within(dialog).findByText(
        'There was an issue deleting the user. -- You may not remove a user ranked above you.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
