import type { MonitorRunsReply } from '@portal/domain/api/report-monitor-runs';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import { LastChecks, MONITOR_RUNS_PATH, type MonitorRun } from './LastChecks.js';

const run: MonitorRun = {
  checkDate: '2026-11-23',
  scheduledFor: '2026-11-23T15:00:00.000Z',
  startedAt: '2026-11-23T18:05:00.000Z',
  finishedAt: '2026-11-23T18:05:01.000Z',
  late: true,
  dueCount: 3,
  missingCount: 2,
  emailedCount: 1,
  due: [1, 2, 3],
  missing: [
    {
      reportMonitorId: 2,
      accessTypeCode: 'EXT',
      partnerCode: 'BJS',
      partnerName: "BJ's Wholesale Club",
      categoryCode: 'SETTLE',
      categoryName: 'Settlement',
      frequencyTypeCode: 'WLY',
      frequencyDay: 'MONDAY',
      frequencyNumber: null,
      dueDate: '2026-11-23',
      recipients: ['ada@bank.test', 'grace@bank.test'],
      emailed: true,
    },
    {
      reportMonitorId: 3,
      accessTypeCode: 'EXT',
      partnerCode: 'BJS',
      partnerName: "BJ's Wholesale Club",
      categoryCode: 'ORPHAN',
      categoryName: 'Orphan',
      frequencyTypeCode: 'MLY',
      frequencyDay: 'BUSINESS_DAY',
      frequencyNumber: -1,
      dueDate: '2026-11-23',
      recipients: [],
      emailed: false,
    },
  ],
};

function stubRuns(runs: MonitorRun[]) {
  const fetch = vi.fn(async () => jsonResponse<MonitorRunsReply>(200, { runs }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const admin = signedIn(makeUser({ isInternalAdmin: true, isExternalUser: false }));

describe('Last checks', () => {
  it('shows each run with its counts, lateness, and who was told about each missing report', async () => {
    const fetch = stubRuns([run]);
    renderWithProviders(<LastChecks />, { auth: admin });
    expect(await screen.findByText('11/23/2026')).toBeDefined();
    expect(fetch).toHaveBeenCalledWith(MONITOR_RUNS_PATH, expect.anything());
    expect(screen.getByText(/1:05 PM ET/)).toBeDefined();
    expect(screen.getByText('Late')).toBeDefined();
    expect(
      screen.getByText(/Settlement, Week \(every Monday\):\s+emailed ada@bank.test, grace@bank.test/),
    ).toBeDefined();
    expect(screen.getByText(/Orphan, Month \(Last Business Day\)/)).toBeDefined();
    expect(screen.getByText('nobody told (the category has no owners)')).toBeDefined();
  });

  it('says when no check has run', async () => {
    stubRuns([]);
    renderWithProviders(<LastChecks />, { auth: admin });
    expect(await screen.findByText('No check has run yet.')).toBeDefined();
  });
});
