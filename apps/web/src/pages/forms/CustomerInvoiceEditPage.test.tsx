import { FORM_MESSAGES } from '@portal/domain';
import type { InvoiceRequest, InvoiceRequests } from '@portal/domain/api/forms';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import CustomerInvoiceEditPage from './CustomerInvoiceEditPage.js';

// Issue 23: the API sends the account number redacted ('************3456'). The edit page shows
// that value; saved untouched it goes back as it is (the API keeps the stored number), a new
// 16-digit number replaces it, and anything else is refused before sending.

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const request: InvoiceRequest = {
  recordId: 7,
  accountNumber: '************3456',
  startDate: day('2026-11-01'),
  endDate: day('2026-11-20'),
  status: 'pending',
  batchDate: '2026-11-23',
  batchId: null,
  createdBy: 'E1',
  createdAt: '',
};

function renderEditPage() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PUT'
      ? jsonResponse<InvoiceRequest>(200, request)
      : jsonResponse<InvoiceRequests>(200, [request]),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <Routes>
      <Route path="/forms/customer-invoice/:recordId/edit" element={<CustomerInvoiceEditPage />} />
    </Routes>,
    { path: '/forms/customer-invoice/7/edit' },
  );
  /** The bodies of the PUTs sent so far. */
  const puts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { puts };
}

const accountField = () => screen.findByLabelText(/^Account Number/) as Promise<HTMLInputElement>;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('editing a customer invoice request whose account number the API redacts', {
  timeout: 20_000,
}, () => {
  it('shows the redacted number and, left untouched, sends it back as it is', async () => {
    const { puts } = renderEditPage();
    expect((await accountField()).value).toBe('************3456');
    save();
    await waitFor(() =>
      expect(puts()).toEqual([expect.objectContaining({ recordId: 7, accountNumber: '************3456' })]),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/forms/customer-invoice'));
  });

  it('sends a new 16-digit number typed over it', async () => {
    const { puts } = renderEditPage();
    fireEvent.change(await accountField(), { target: { value: '9999888877776666' } });
    save();
    await waitFor(() =>
      expect(puts()).toEqual([expect.objectContaining({ accountNumber: '9999888877776666' })]),
    );
  });

  it.each([['************3457'], ['****3456'], ['123']])('refuses %s before sending', async (value) => {
    const { puts } = renderEditPage();
    fireEvent.change(await accountField(), { target: { value } });
    save();
    expect(await screen.findByText(FORM_MESSAGES.accountNumber)).toBeTruthy();
    expect(puts()).toEqual([]);
  });
});
