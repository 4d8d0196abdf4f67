import {
  DATABASE_ENGINES,
  ensureReferenceData,
  newCategory,
  newMonitor,
  newPartner,
  newReport,
  type OpenedDatabase,
} from '@portal/testing/db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMonitorRuns } from '../src/monitors/report-monitor-runs.js';
import {
  claimMonitorRun,
  findDueMonitors,
  finishMonitorRun,
  lastMonitorRunDate,
  planMonitorCheck,
  recordMonitorAlerts,
} from '../src/monitors/report-monitors.js';
import type { Database } from '../src/schema.js';

// The check runs on Postgres in production and on embedded PGlite under `npm start`.
const engines = DATABASE_ENGINES;

const TUESDAY = '2026-11-24';
const DAILY = { frequencyTypeCode: 'DLY', frequencyDay: null, frequencyNumber: null };
const TUESDAYS = { frequencyTypeCode: 'WLY', frequencyDay: 'TUESDAY', frequencyNumber: null };

describe.each(engines)('report monitor check queries on %s', (_, open) => {
  let handle: OpenedDatabase;
  let db: Kysely<Database>;
  let queries: string[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    handle = await open();
    queries = [];
    // The same connection, with every statement counted.
    db = handle.db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await ensureReferenceData(handle.db);
    const acme = await newPartner(handle.db, { code: 'ACME', name: 'Acme Stores' });
    const zeta = await newPartner(handle.db, { code: 'ZETA' });
    await newCategory(handle.db, {
      code: 'SETTLE',
      name: 'Settlement',
      ownerEmails: [' a@x.test ', '', 'nope', 'b@x.test'],
    });
    await newCategory(handle.db, { code: 'ORPHAN', ownerEmails: [] });
    ids.present = await newMonitor(handle.db, {
      partnerId: acme,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'DLY',
    });
    ids.deleted = await newMonitor(handle.db, {
      partnerId: zeta,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'DLY',
    });
    ids.otherType = await newMonitor(handle.db, {
      partnerId: acme,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'WLY',
      frequencyDay: 'TUESDAY',
    });
    ids.noOwners = await newMonitor(handle.db, {
      partnerId: acme,
      categoryCode: 'ORPHAN',
      frequencyTypeCode: 'DLY',
    });
    ids.mondays = await newMonitor(handle.db, {
      partnerId: acme,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'WLY',
      frequencyDay: 'MONDAY',
    });
    await newReport(handle.db, {
      partnerId: acme,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'DLY',
      reportDate: TUESDAY,
    });
    await newReport(handle.db, {
      partnerId: zeta,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'DLY',
      reportDate: TUESDAY,
      deletedAt: new Date(),
    });
    // A report of another date does not count either.
    await newReport(handle.db, {
      partnerId: acme,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'WLY',
      reportDate: '2026-11-23',
    });
  });

  afterAll(async () => {
    if (handle?.drop) await handle.drop();
    else await handle?.close();
  });

  it('finds the due monitors and their reports in one query', async () => {
    queries.length = 0;
    const due = await findDueMonitors(db, {
      dueDate: TUESDAY,
      expectedReportDate: TUESDAY,
      schedules: [DAILY, TUESDAYS],
    });
    expect(queries).toEqual(['SelectQueryNode']);
    expect(due.map((monitor) => [monitor.reportMonitorId, monitor.reportPresent])).toEqual([
      [ids.present, true],
      [ids.deleted, false],
      [ids.otherType, false],
      [ids.noOwners, false],
    ]);
    expect(due[0]).toMatchObject({
      accessTypeCode: 'EXT',
      partnerCode: 'ACME',
      partnerName: 'Acme Stores',
      categoryCode: 'SETTLE',
      categoryName: 'Settlement',
      frequencyTypeName: 'Day',
      ownerEmails: ['a@x.test', 'b@x.test'],
      alertedAt: null,
    });
  });

  it('plans a day from the schedules due on it: Tuesday takes daily and weekly-Tuesday monitors', async () => {
    queries.length = 0;
    const plan = await planMonitorCheck(db, TUESDAY);
    expect(queries).toEqual(['SelectQueryNode']);
    expect(plan.expectedReportDate).toBe(TUESDAY);
    expect(plan.due.map((monitor) => monitor.reportMonitorId)).toEqual([
      ids.present,
      ids.deleted,
      ids.otherType,
      ids.noOwners,
    ]);
    expect(plan.missing.map((monitor) => monitor.reportMonitorId)).toEqual([
      ids.deleted,
      ids.otherType,
      ids.noOwners,
    ]);
    expect((await planMonitorCheck(db, '2026-11-26')).due).toEqual([]);
  });

  it('asks nothing when no schedule is due', async () => {
    queries.length = 0;
    expect(
      await findDueMonitors(db, { dueDate: '2026-11-28', expectedReportDate: '2026-11-28', schedules: [] }),
    ).toEqual([]);
    expect(queries).toEqual([]);
  });

  it('records a run once per check date, and each alert once per monitor and day', async () => {
    const start = {
      checkDate: TUESDAY,
      scheduledFor: new Date('2026-11-24T15:00:00Z'),
      startedAt: new Date(),
      late: false,
    };
    const runId = await claimMonitorRun(db, start);
    expect(runId).toBeTypeOf('number');
    expect(await claimMonitorRun(db, start)).toBeUndefined();

    const missing = [ids.deleted!, ids.otherType!, ids.noOwners!];
    queries.length = 0;
    const alerts = await recordMonitorAlerts(db, {
      runId: runId!,
      dueDate: TUESDAY,
      reportMonitorIds: missing,
    });
    expect(queries).toEqual(['InsertQueryNode']);
    expect(alerts.sort((a, b) => a.reportMonitorId - b.reportMonitorId)).toEqual([
      { reportMonitorId: ids.deleted, recipients: ['a@x.test', 'b@x.test'] },
      { reportMonitorId: ids.otherType, recipients: ['a@x.test', 'b@x.test'] },
      { reportMonitorId: ids.noOwners, recipients: [] },
    ]);
    expect(
      await recordMonitorAlerts(db, { runId: runId!, dueDate: TUESDAY, reportMonitorIds: missing }),
    ).toEqual([]);

    await finishMonitorRun(db, {
      runId: runId!,
      finishedAt: new Date(),
      dueMonitorIds: [ids.present!, ...missing],
      missingCount: 3,
      emailedCount: 2,
    });
    const [run] = await listMonitorRuns(db, { limit: 5 });
    expect(run).toMatchObject({
      checkDate: TUESDAY,
      dueCount: 4,
      missingCount: 3,
      emailedCount: 2,
      late: false,
    });
    expect(run!.dueMonitorIds).toEqual([ids.present, ...missing]);
    expect(
      run!.alerts.map((alert) => [alert.categoryCode, alert.partnerCode, alert.recipients.length]),
    ).toEqual([
      ['ORPHAN', 'ACME', 0],
      ['SETTLE', 'ACME', 2],
      ['SETTLE', 'ZETA', 2],
    ]);
    expect(await lastMonitorRunDate(db, '2026-11-30')).toBe(TUESDAY);
    expect(await lastMonitorRunDate(db, '2026-11-23')).toBeUndefined();

    const again = await findDueMonitors(db, {
      dueDate: TUESDAY,
      expectedReportDate: TUESDAY,
      schedules: [DAILY],
    });
    expect(again.find((monitor) => monitor.reportMonitorId === ids.deleted)?.alertedAt).toBeInstanceOf(Date);
  });
});
