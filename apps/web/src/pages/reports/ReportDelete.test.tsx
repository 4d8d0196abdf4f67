import type { Message } from '@portal/domain/api/common';
import type { DeletedReport, Report, ReportDatesReply, ReportsReply } from '@portal/domain/api/reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import ReportsPage from './ReportsPage.js';

// SPEC.md §4 and §8: a report's delete asks first; when the delete fails, the failure is logged
// only and the dialog closes (every other confirm dialog stays open with the error).

const REPORTS = '/api/reports/EXT/BJS/TRANSACTIONS';
const report: Report = {
  id: 7,
  fileName: 'sales.csv',
  fileSize: '1.0 KB',
  rawSize: 1024,
  reportDate: Date.UTC(2026, 10, 20) / 1000,
  lastModified: Date.UTC(2026, 10, 20, 20) / 1000,
  frequencyType: 'DLY',
};
const reply = (reports: Report[]): ReportsReply => ({
  reports: { DLY: reports },
  frequencyTypes: [{ code: 'DLY', name: 'Daily' }],
  latestReport: reports[0] ?? null,
  selectedAccessType: { code: 'EXT', name: 'External' },
  selectedPartner: { name: "BJ's", code: 'BJS', type: 'EXT' },
  selectedCategory: { name: 'Transactions', code: 'TRANSACTIONS', externalLink: null, frequencyTypes: [] },
  truncated: false,
});

function stubFetch(deleteAnswer: () => Response) {
  let deleted = false;
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (init.method === 'DELETE') {
      const answer = deleteAnswer();
      deleted = answer.ok;
      return answer;
    }
    if (url === `${REPORTS}/dates`)
      return jsonResponse<ReportDatesReply>(200, { reportDates: ['2026-11-20'], following: false });
    if (url.startsWith(REPORTS)) return jsonResponse<ReportsReply>(200, reply(deleted ? [] : [report]));
    return jsonResponse<Message>(404, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route
        path="/partners/:accessTypeCode/:partnerCode/report-categories/:reportCategoryCode/reports"
        element={<ReportsPage />}
      />
    </Routes>,
    {
      path: '/partners/EXT/BJS/report-categories/TRANSACTIONS/reports',
      auth: signedIn(makeUser({ isInternalAdmin: true, isExternalUser: false })),
    },
  );
}

async function confirmDelete() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
  expect(dialog.textContent).toContain('Are you sure you want to delete sales.csv (11/20/2026) (1.0 KB)?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe("a report's delete", { timeout: 20_000 }, () => {
  it('closes the dialog and logs only when the delete fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = stubFetch(() => jsonResponse<Message>(500, { message: 'The store is down.' }));
    renderPage();
    await confirmDelete();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/reports/7', expect.objectContaining({ method: 'DELETE' }));
    expect(logged).toHaveBeenCalledWith('Delete report failed', expect.anything());
    expect(screen.queryByText('The store is down.')).toBeNull();
    expect(screen.getByText('sales.csv')).toBeTruthy();
  });

  it('closes the dialog and reads the list again when the delete is done', async () => {
    stubFetch(() => jsonResponse<DeletedReport>(200, { reportId: 7, deleted: true }));
    renderPage();
    await confirmDelete();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('sales.csv')).toBeNull());
  });
});
