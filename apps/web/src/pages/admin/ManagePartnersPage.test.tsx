import type { PartnerListReply } from '@portal/domain/api/partners';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  setViewportWidth,
  signedIn,
} from '../../test/render.js';
import ManagePartnersPage from './ManagePartnersPage.js';
import type { Partner } from './partners/partners-api.js';

const partner = (code: string): Partner => ({ type: 'EXT', code, name: `Partner ${code}`, categories: [] });
let requests: string[];
let total: number | null;

function stub() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      requests.push(`${init.method ?? 'GET'} ${path}`);
      if (init.method === 'DELETE') return jsonResponse<Partner>(200, partner('BJS'));
      const query = new URL(path, 'http://x').searchParams;
      const page = Number(query.get('page'));
      return jsonResponse<PartnerListReply>(200, {
        partners: [partner(query.get('code') ? 'FILTERED' : `P${page}`)],
        monitors: [],
        categories: [],
        accessTypes: [{ code: 'EXT', name: 'External' }],
        frequencyTypes: [],
        page,
        pageSize: Number(query.get('pageSize')),
        total,
      });
    }),
  );
  renderWithProviders(<ManagePartnersPage />, {
    auth: signedIn(makeUser({ isInternalAdmin: true, isExternalUser: false })),
    page: 'adminPartners',
  });
}

beforeEach(() => {
  requests = [];
  total = 60;
});

describe('the partner list', { timeout: 20_000 }, () => {
  it("pages on the server with first, previous, next and last, reading 'page / total'", async () => {
    stub();
    expect(await screen.findByText('P1')).toBeTruthy();
    expect(screen.getByTestId('page-label').textContent).toBe('1 / 3');
    expect(requests[0]).toBe('GET /api/admin/partners?page=1&pageSize=25&sort=name&order=asc');
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('P3')).toBeTruthy();
    expect(screen.getByTestId('page-label').textContent).toBe('3 / 3');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('P2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('P1')).toBeTruthy();
  });

  it("shows '?' when the server did not count, and sends column filters and sort to the server", async () => {
    total = null;
    stub();
    expect(await screen.findByText('P1')).toBeTruthy();
    expect(screen.getByTestId('page-label').textContent).toBe('1 / ?');
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter by Code' }), { target: { value: 'fil' } });
    expect(await screen.findByText('FILTERED')).toBeTruthy();
    expect(requests.at(-1)).toBe('GET /api/admin/partners?page=1&pageSize=25&sort=name&order=asc&code=fil');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(requests.at(-1)).toContain('sort=name&order=desc'));
  });

  it('deletes a partner only after the confirm dialog', async () => {
    stub();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete EXT/P1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete partner' });
    expect(requests.some((r) => r.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests).toContain('DELETE /api/partners/EXT/P1'));
  });

  it('is cards on a phone, each with Edit and Delete, the filters and the sort above them', async () => {
    setViewportWidth(390);
    stub();
    const card = (await screen.findByText('P1')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Manage Partners' }).contains(card)).toBe(true);
    expect(within(card).getByRole('link', { name: 'Edit EXT/P1' }).getAttribute('href')).toBe(
      '/admin/partners/EXT/P1/edit',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Delete EXT/P1' }));
    expect(await screen.findByRole('dialog', { name: 'Delete partner' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter by Code' }), { target: { value: 'fil' } });
    expect(await screen.findByText('FILTERED')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'code' } });
    await waitFor(() => expect(requests.at(-1)).toContain('sort=code&order=asc'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'descending' } });
    await waitFor(() => expect(requests.at(-1)).toContain('sort=code&order=desc'));
  });
});
