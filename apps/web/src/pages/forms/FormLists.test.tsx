import { MESSAGES } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import type {
  BatchSummaries,
  BatchSummary,
  Dispute,
  Disputes,
  FormSettings,
  InvoiceRequests,
} from '@portal/domain/api/forms';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, setViewportWidth } from '../../test/render.js';
import BatchesPage from './BatchesPage.js';
import DisputeEditPage from './DisputeEditPage.js';

// Issue 24: the Batches page's Finished column as MM/dd/yyyy and the time in Eastern Time, like
// the rest of the page, on a table and on a phone's cards; a processed dispute's edit page says why
// it cannot be edited, and only that.

const batch: BatchSummary = {
  batchId: 3,
  kind: 'disputes',
  batchDate: '2026-11-24',
  status: 'completed',
  recordCount: 2,
  totalCents: 1250,
  startedAt: '2026-11-25T01:00:00.000Z',
  finishedAt: '2026-11-25T01:00:04.000Z',
  late: false,
  fileKey: 'batches/disputes/2026-11-24.csv',
  checksum: null,
};

/** What the lists read: the records, the batches, the settings. */
type FormListRead = InvoiceRequests | Disputes | BatchSummaries | FormSettings;

const stubReads = (reads: Record<string, FormListRead>) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      reads[url]
        ? jsonResponse<FormListRead>(200, reads[url])
        : jsonResponse<Message>(404, { message: `unexpected ${url}` }),
    ),
  );

describe('the Batches page', { timeout: 20_000 }, () => {
  it.each([
    ['a table', 1280],
    ['a card', 390],
  ])('shows when a batch finished as 11/24/2026 8:00 PM (Eastern) in %s', async (_, width) => {
    setViewportWidth(width);
    stubReads({ '/api/form/batches': [batch] });
    renderWithProviders(<BatchesPage />, { page: 'formBatches' });
    const row = await screen.findByTestId('batch-disputes-2026-11-24');
    expect(row.textContent).toContain('11/24/2026 8:00 PM');
    expect(row.textContent).not.toContain('11/24/26');
    expect(row.tagName).toBe(width < 768 ? 'LI' : 'TR');
  });
});

describe('the edit page of a dispute that is not pending', { timeout: 20_000 }, () => {
  it('says only pending disputes can be edited, without the empty-results notice', async () => {
    const pending: Dispute[] = [];
    stubReads({ '/api/form/settings': { retailer: 'bjs' }, '/api/form/disputes': pending });
    renderWithProviders(
      <Routes>
        <Route path="/forms/:retailer-disputes/:recordId/edit" element={<DisputeEditPage />} />
      </Routes>,
      { path: '/forms/bjs-disputes/9/edit' },
    );
    expect(await screen.findByText(/Only pending disputes can be edited/)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.noResults)).toBeNull();
    expect(screen.queryByText(/Try reloading the page/)).toBeNull();
  });
});
