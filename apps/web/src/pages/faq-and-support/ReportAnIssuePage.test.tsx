import { MESSAGES } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import type { IssueReasons, IssueReported } from '@portal/domain/api/contact-us';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import ReportAnIssuePage from './ReportAnIssuePage.js';

function stubFetch(contactUs: () => Response) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/reasons' ? jsonResponse<IssueReasons>(200, ['Missing report', 'Other']) : contactUs(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function chooseReason(reason: string) {
  // jsdom cannot position Mantine's dropdown, which stays display: none; its options are there.
  const option = () => screen.queryByRole('option', { name: reason, hidden: true });
  await waitFor(() => expect(option()).not.toBeNull());
  fireEvent.click(option() as HTMLElement);
}

// Mantine's modals and selects are slow in jsdom on a busy machine.
describe('report an issue page', { timeout: 20_000 }, () => {
  it('requires a reason and a message, the phone being optional', async () => {
    const fetchMock = stubFetch(() => jsonResponse<IssueReported>(200, { issueId: 7, message: 'ok' }));
    renderWithProviders(<ReportAnIssuePage />, { page: 'reportAnIssue' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/reasons', expect.anything()));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Report an Issue');
  });

  it('posts phone, reason and message and says the issue was reported', async () => {
    const fetchMock = stubFetch(() => jsonResponse<IssueReported>(200, { issueId: 7, message: 'ok' }));
    renderWithProviders(<ReportAnIssuePage />);
    await chooseReason('Missing report');
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: ' The file is late. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(/^Your issue has been reported\./)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/contact-us',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ phone: '', reason: 'Missing report', message: 'The file is late.' }),
      }),
    );
  });

  it('says so when the issue could not be reported', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse<Message>(429, { message: 'Too many attempts.' }));
    renderWithProviders(<ReportAnIssuePage />);
    await chooseReason('Other');
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'Help' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.issueReportFailed)).toBeTruthy();
  });
});
