import type { Message } from '@portal/domain/api/common';
import type { IssuedToken, ServiceAccounts, ServiceAccountToken } from '@portal/domain/api/service-accounts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import ServiceAccountsPage from './ServiceAccountsPage.js';
import type { ServiceAccount } from './service-accounts.js';
import { parsePartnerAccess } from './service-accounts.js';

const token = {
  tokenId: '0b7c1e9a-2f61-4a8e-9d3c-6f1f5b2e8a11',
  name: 'nightly import',
  createdAt: '2026-01-02T10:00:00.000Z',
  expiresAt: '2099-04-02T10:00:00.000Z',
  revokedAt: null,
  lastUsedAt: '2026-01-05T23:30:00.000Z',
};

const reporting: ServiceAccount = {
  userId: 'svc-reporting',
  name: 'Reporting robot',
  features: ['VIEW_REPORTS'],
  partnerAccess: [
    { accessTypeCode: 'EXT', partnerCode: 'BJS' },
    { accessTypeCode: 'EXT', partnerCode: 'SAM' },
  ],
  disabledAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  tokens: [
    token,
    {
      ...token,
      tokenId: 'c5d2a7e0-1b3f-4e6d-8a9c-0f1e2d3c4b5a',
      name: 'old',
      expiresAt: '2026-03-01T00:00:00.000Z',
      revokedAt: '2026-01-03T08:00:00.000Z',
      lastUsedAt: null,
    },
  ],
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let accounts: ServiceAccount[];

/** A fake API: the list answers the current accounts; writes answer what `writes` says. */
function stubApi(writes: Record<string, () => Response> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
      if (method === 'GET' && path === '/api/admin/service-accounts')
        return jsonResponse<ServiceAccounts>(200, accounts);
      const write = writes[`${method} ${path}`];
      return write ? write() : jsonResponse<Message>(404, { message: 'Not stubbed' });
    }),
  );
}

const renderPage = () =>
  renderWithProviders(<ServiceAccountsPage />, {
    auth: signedIn(makeUser({ isInternalAdmin: true, isExternalUser: false })),
    page: 'adminServiceAccounts',
  });

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const writes = () => calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
  calls = [];
  accounts = [reporting];
});

describe('service accounts page', () => {
  it('lists the service accounts of the API with their access and tokens', async () => {
    stubApi();
    renderPage();
    const row = (await screen.findByText('svc-reporting')).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Service Accounts', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Service Accounts');
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual([
      'svc-reporting',
      'Reporting robot',
      'VIEW_REPORTS',
      'EXT/BJS, EXT/SAM',
    ]);
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('nightly import')).toBeTruthy();
    expect(within(row).getByText('Expires 04/02/2099 · Last used 01/05/2026')).toBeTruthy();
    expect(within(row).getByText('Expires 03/01/2026 · Last used never')).toBeTruthy();
    expect(within(row).getByText('Revoked 01/03/2026')).toBeTruthy();
    // Only the live token can be revoked.
    expect(within(row).getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);
  });

  it('creates a service account with the parsed partner access and shows it in the list', async () => {
    const created: ServiceAccount = {
      userId: 'svc-billing',
      name: 'Billing',
      features: ['VIEW_REPORTS'],
      partnerAccess: [
        { accessTypeCode: 'EXT', partnerCode: 'BJS' },
        { accessTypeCode: 'INT', partnerCode: 'ALL' },
      ],
      disabledAt: null,
      createdAt: '2026-02-01T00:00:00.000Z',
      tokens: [],
    };
    stubApi({
      'POST /api/admin/service-accounts': () => {
        accounts = [reporting, created];
        return jsonResponse<ServiceAccount>(201, created);
      },
    });
    renderPage();
    await screen.findByText('svc-reporting');

    fireEvent.click(screen.getByRole('button', { name: 'New service account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New service account' });
    fireEvent.change(field('User ID'), { target: { value: ' svc-billing ' } });
    fireEvent.change(field('Name'), { target: { value: 'Billing' } });
    fireEvent.change(field('Partner Access'), { target: { value: 'ext/BJS,  INT / all' } });
    // jsdom cannot position Mantine's dropdown, which stays display: none; its options are there all the same.
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Features' }));
    const option = (name: string) => screen.queryByRole('option', { name, hidden: true });
    await waitFor(() => expect(option('VIEW_REPORTS')).not.toBeNull());
    expect(option('INTERNAL_ADMIN')).toBeNull();
    fireEvent.click(option('VIEW_REPORTS')!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('svc-billing')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/service-accounts',
        body: {
          userId: 'svc-billing',
          name: 'Billing',
          features: ['VIEW_REPORTS'],
          partnerAccess: [
            { accessTypeCode: 'EXT', partnerCode: 'BJS' },
            { accessTypeCode: 'INT', partnerCode: 'ALL' },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('explains a partner access it cannot read, and shows the server message of a refused create', async () => {
    stubApi({
      'POST /api/admin/service-accounts': () =>
        jsonResponse<Message>(409, { message: 'This value is already in use.', field: 'userId' }),
    });
    renderPage();
    await screen.findByText('svc-reporting');
    fireEvent.click(screen.getByRole('button', { name: 'New service account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New service account' });
    fireEvent.change(field('User ID'), { target: { value: 'svc-reporting' } });
    fireEvent.change(field('Name'), { target: { value: 'Again' } });
    fireEvent.change(field('Partner Access'), { target: { value: 'EXT BJS' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/"EXT BJS" is not an access type \/ partner pair/)).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.change(field('Partner Access'), { target: { value: 'EXT/BJS' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This value is already in use.');
  });

  it('shows an issued token once, in a modal with a copy button', async () => {
    const issued = {
      ...token,
      tokenId: '5d0c6a8e-3b1f-4c2a-8e9d-7a6b5c4d3e2f',
      name: 'ci',
      lastUsedAt: null,
      token: 'psa_secret-token-value',
    };
    const path = '/api/admin/service-accounts/svc-reporting/tokens';
    stubApi({
      [`POST ${path}`]: () => {
        const { token: _secret, ...listed } = issued;
        accounts = [{ ...reporting, tokens: [...reporting.tokens, listed] }];
        return jsonResponse<IssuedToken>(201, issued);
      },
    });
    renderPage();
    const row = (await screen.findByText('svc-reporting')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Issue token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue token for svc-reporting' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Token name' }), {
      target: { value: 'ci' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Valid for (days)' }), {
      target: { value: '30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));

    expect(await within(dialog).findByText('psa_secret-token-value')).toBeTruthy();
    expect(within(dialog).getByText(/It will not be shown again/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', path, body: { name: 'ci', days: 30 } }]);
    // The list shows the new token, never its secret.
    expect(await screen.findByText('ci')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('psa_secret-token-value')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opening the modal again offers a new token, not the last one.
    fireEvent.click(within(row).getByRole('button', { name: 'Issue token' }));
    const again = await screen.findByRole('dialog', { name: 'Issue token for svc-reporting' });
    expect(within(again).getByRole('button', { name: 'Issue' })).toBeTruthy();
    expect(screen.queryByText('psa_secret-token-value')).toBeNull();
  });

  it('revokes a token and disables an account only after confirmation', async () => {
    const revokePath = `/api/admin/service-accounts/svc-reporting/tokens/${token.tokenId}`;
    stubApi({
      [`DELETE ${revokePath}`]: () => {
        accounts = [{ ...reporting, tokens: [{ ...token, revokedAt: '2026-02-01T00:00:00.000Z' }] }];
        return jsonResponse<ServiceAccountToken>(200, { ...token, revokedAt: '2026-02-01T00:00:00.000Z' });
      },
      'PUT /api/admin/service-accounts/svc-reporting/disable': () =>
        jsonResponse<Message>(404, { message: 'Service account was not found.' }),
    });
    renderPage();
    const row = (await screen.findByText('svc-reporting')).closest('tr')!;

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked 02/01/2026')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', path: revokePath, body: undefined }]);

    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable service account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Service account was not found.',
    );
  });
});

describe('partner access text', () => {
  it('reads access type / partner pairs, with ALL, and rejects anything else', () => {
    expect(parsePartnerAccess('')).toEqual({ grants: [] });
    expect(parsePartnerAccess('EXT/BJS, ext/sam, EXT/bjs, EXT/all')).toEqual({
      grants: [
        { accessTypeCode: 'EXT', partnerCode: 'BJS' },
        { accessTypeCode: 'EXT', partnerCode: 'sam' },
        { accessTypeCode: 'EXT', partnerCode: 'ALL' },
      ],
    });
    expect(parsePartnerAccess('EXT/BJS/X')).toHaveProperty('error');
    expect(parsePartnerAccess('/BJS')).toHaveProperty('error');
  });
});
