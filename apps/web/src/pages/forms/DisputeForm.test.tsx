import { FORM_MESSAGES, MESSAGES } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import type { Disputes, FormSettings } from '@portal/domain/api/forms';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import DisputeNewPage from './DisputeNewPage.js';

// The dispute form's errors reach assistive technology: each field's error is tied to its input
// (aria-describedby, aria-invalid) and announced; the error of the whole list is announced and
// named by the button that changes the list.

function renderNewForm(post: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? post()
        : jsonResponse<FormSettings | Disputes>(200, url === '/api/form/settings' ? { retailer: 'bjs' } : []),
    ),
  );
  renderWithProviders(
    <Routes>
      <Route path="/forms/:retailer-disputes/new" element={<DisputeNewPage />} />
    </Routes>,
    { path: '/forms/bjs-disputes/new' },
  );
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = async () => fireEvent.click(await screen.findByRole('button', { name: 'Save' }));

/** The text of the elements an input names as describing it. */
function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('the dispute form errors', { timeout: 20_000 }, () => {
  it('ties each field error to its input and announces it', async () => {
    renderNewForm(() => jsonResponse<Disputes>(201, []));
    await screen.findByRole('button', { name: 'Save' });
    change('Last Four Card Digits', '12a');
    await save();
    const lastFour = input('Last Four Card Digits');
    expect(lastFour.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(lastFour)).toContain(FORM_MESSAGES.lastFour);
    expect(describedBy(input('Customer ID'))).toContain(MESSAGES.required);
    const announced = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(announced).toContain(FORM_MESSAGES.lastFour);
  });

  it('announces the error of the whole list and ties it to the button that adds a dispute', async () => {
    renderNewForm(() =>
      jsonResponse<Message>(400, { message: FORM_MESSAGES.tooManyDisputes, field: 'disputes' }),
    );
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(input('Message Type'), { target: { value: 'claim-request' } });
    change('Customer ID', '1234');
    change('Message Date', '2026-11-20');
    const row = screen.getByTestId('dispute-row-0');
    const inRow = (label: string, value: string) =>
      fireEvent.change(within(row).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    inRow('Dispute Reason', 'late presentment');
    inRow('Transaction Date', '2026-11-10');
    inRow('Last Four Card Digits', '4242');
    inRow('Dispute Amount', '12.50');
    inRow('Transaction Amount', '99.99');
    inRow('Issuer Claim ID', 'IC-1');
    inRow('Issuer Claim Transaction ID', 'ICT-1');
    inRow('Merchant ID', 'M1');
    inRow('Acquirer Reference ID', 'A1');
    await save();
    const alert = await screen.findByText(FORM_MESSAGES.tooManyDisputes);
    expect(alert.getAttribute('role')).toBe('alert');
    const add = screen.getByRole('button', { name: 'Add another dispute' });
    expect(describedBy(add)).toBe(FORM_MESSAGES.tooManyDisputes);
  });
});
