import { MESSAGES } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import type {
  InvitationsReply,
  RolesReply,
  SaasInvitation,
  SaasRole,
  SaasUsersReply,
  TenantsReply,
} from '@portal/domain/api/tenants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import SaasInvitationsPage from './SaasInvitationsPage.js';
import SaasInvitePage from './SaasInvitePage.js';
import SaasUsersPage from './SaasUsersPage.js';
import TenantsPage from './TenantsPage.js';

const roles: SaasRole[] = [
  { roleId: 'sm', roleName: 'EXT_STORE_MANAGER', roleDescription: 'Store Manager', rank: 1 },
  { roleId: 'cm', roleName: 'EXT_CORPORATE_MANAGER', roleDescription: 'Corporate Manager', rank: 2 },
  { roleId: 'ts', roleName: 'THOUGHTSPOT_CONSUMER', roleDescription: 'ThoughtSpot Consumer', rank: null },
];
/** What POST …/invite answers. */
const invited: SaasInvitation = {
  invitationId: '0b0c0d0e-0000-4000-8000-000000000002',
  tenantId: 'saas-acme',
  emailAddress: 'new@acme.example',
  userRoleIds: ['sm'],
  isThoughtSpotUser: false,
  inviterName: 'Tess',
  invitationUrl: 'http://x/invitation/2',
  invitationCreationTimeStamp: '2026-11-20T10:00:00.000Z',
  invitationExpirationTimeStamp: '2026-11-27T10:00:00.000Z',
};
const tenants = [
  { tenantId: 'saas-acme', displayName: 'Acme Stores - Partner Portal', branding: { logoUrl: null } },
];

function stubFetch(answer: (url: string, init: RequestInit) => Response | undefined) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const given = answer(url, init);
    if (given) return given;
    if (url === '/api/saas/tenant') return jsonResponse<TenantsReply>(200, tenants);
    if (url.startsWith('/api/saas/role')) return jsonResponse<RolesReply>(200, roles);
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

afterEach(() => {
  vi.useRealTimers();
});

// Mantine in jsdom is slow on a busy machine.
describe('tenant users pages', { timeout: 20_000 }, () => {
  it('goes straight to the users of a single tenant', async () => {
    stubFetch(() => undefined);
    at('/tenants', '/tenants', <TenantsPage />);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/saas-acme/saas-users'),
    );
  });

  it('lists several tenants by display name without the portal suffix, or says there is no access', async () => {
    stubFetch((url) =>
      url === '/api/saas/tenant'
        ? jsonResponse<TenantsReply>(200, [
            { tenantId: 'saas-z', displayName: 'Zeta - Partner Portal', branding: { logoUrl: null } },
            { tenantId: 'saas-b', displayName: 'Beta - Partner Portal', branding: { logoUrl: null } },
          ])
        : undefined,
    );
    at('/tenants', '/tenants', <TenantsPage />);
    const table = await screen.findByRole('table', { name: 'Tenants you manage' });
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Beta', 'Zeta']);
  });

  it('says there is no access when the user manages no tenant', async () => {
    stubFetch((url) => (url === '/api/saas/tenant' ? jsonResponse<TenantsReply>(200, []) : undefined));
    at('/tenants', '/tenants', <TenantsPage />);
    // Word for word, with the Report an Issue form it names as a link to the form.
    const message = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === MESSAGES.noTenantAccess,
    );
    expect(within(message).getByRole('link', { name: 'Report an Issue form' }).getAttribute('href')).toBe(
      '/report-an-issue',
    );
  });

  it('asks for the users 50 a page, sending limit and page as the spec’s call does', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/saas/user/saas-acme?limit=50&page=1'
        ? jsonResponse<SaasUsersReply>(200, {
            users: [
              {
                userId: 'one@acme.example',
                emailAddress: 'one@acme.example',
                firstName: 'O',
                lastName: 'N',
                roles: roles.slice(0, 1),
              },
            ],
            count: 1,
            page: 1,
            limit: 50,
          })
        : undefined,
    );
    at('/admin/saas-acme/saas-users', '/admin/:tenantId/saas-users', <SaasUsersPage />);
    expect(await screen.findByText('one@acme.example')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/saas/user/saas-acme?limit=50&page=1');
  });

  it('invites with one role and the ThoughtSpot box, says so, and returns to the list after 2 seconds', async () => {
    const fetchMock = stubFetch((_url, init) =>
      init.method === 'POST' ? jsonResponse<SaasInvitation>(201, invited) : undefined,
    );
    at('/admin/saas-acme/saas-users/new', '/admin/:tenantId/saas-users/new', <SaasInvitePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(MESSAGES.inviteInvalid)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'new@invited.demo' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Corporate Manager' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /ThoughtSpot consumer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(MESSAGES.inviteSuccess)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(post[0]).toBe('/api/saas/user/tenantId/saas-acme/tsUser/true/invite');
    expect(JSON.parse(post[1].body as string)).toEqual({
      inviterName: 'Jane Doe',
      emailAddress: 'new@invited.demo',
      userRoleIds: ['cm', 'ts'],
    });
    expect(screen.getByTestId('location').textContent).toBe('/admin/saas-acme/saas-users/new');
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe('/admin/saas-acme/saas-users'),
      {
        timeout: 4000,
      },
    );
  });

  it('shows the server’s error after the invite failure wording', async () => {
    stubFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse<Message>(409, { message: 'An invitation is already pending for this email address.' })
        : undefined,
    );
    at('/admin/saas-acme/saas-users/new', '/admin/:tenantId/saas-users/new', <SaasInvitePage />);
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'dup@invited.demo' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Store Manager' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(
      await screen.findByText(
        'There was an issue sending User Invitation. -- An invitation is already pending for this email address.',
      ),
    ).toBeTruthy();
  });

  it('deletes an invitation after the confirm and shows the message for 5 seconds', async () => {
    let deleted = false;
    const invitation = {
      invitationId: '0b0c0d0e-0000-4000-8000-000000000001',
      tenantId: 'saas-acme',
      emailAddress: 'pending@acme.example',
      userRoleIds: ['sm'],
      isThoughtSpotUser: false,
      inviterName: 'Tess',
      invitationUrl: 'http://x/invitation/1',
      invitationCreationTimeStamp: '2026-11-20T10:00:00.000Z',
      invitationExpirationTimeStamp: '2026-11-27T10:00:00.000Z',
    };
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'DELETE') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      if (url.startsWith('/api/saas/user/saas-acme/invitations')) {
        return jsonResponse<InvitationsReply>(200, {
          invitations: deleted ? [] : [invitation],
          page: 1,
          limit: 100,
          hasNext: false,
        });
      }
      return undefined;
    });
    // Fake timers that still advance with real time, so swr and Mantine run as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    at(
      '/admin/saas-acme/saas-users/invitations',
      '/admin/:tenantId/saas-users/invitations',
      <SaasInvitationsPage />,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete the invitation of pending@acme.example' }),
    );
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.invitationDeleted)).toBeTruthy();
    // The list asks for its page as the spec's call does: limit 100 and page.
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/saas/user/saas-acme/invitations?limit=100&page=1',
    );
    const call = fetchMock.mock.calls.find(([, init]) => init.method === 'DELETE')!;
    expect(call[0]).toBe(
      `/api/saas/user/saas-acme/invitations/${invitation.invitationId}/email/${encodeURIComponent(btoa('pending@acme.example'))}`,
    );
    // Shown for 5 seconds: still there just before, gone after (the page's own timer, driven by fake time).
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText(MESSAGES.invitationDeleted)).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(MESSAGES.invitationDeleted)).toBeNull();
  });
});
