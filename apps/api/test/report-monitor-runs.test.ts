import { claimMonitorRun, finishMonitorRun, recordMonitorAlerts } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { ensureReferenceData, newCategory, newMonitor } from '@portal/testing/db';
import { createUser, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// GET /api/report-monitors/runs: the last checks for the Last checks panel of /admin/report-alerts.
describe('report monitor runs', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  const ids: Record<string, number> = {};

  async function recordRun(
    checkDate: string,
    monitorIds: { due: number[]; missing: number[] },
    late = false,
  ) {
    const db = t.database.db;
    const scheduledFor = new Date(`${checkDate}T15:00:00Z`);
    const runId = (await claimMonitorRun(db, { checkDate, scheduledFor, startedAt: scheduledFor, late }))!;
    const alerts = await recordMonitorAlerts(db, {
      runId,
      dueDate: checkDate,
      reportMonitorIds: monitorIds.missing,
    });
    await finishMonitorRun(db, {
      runId,
      finishedAt: scheduledFor,
      dueMonitorIds: monitorIds.due,
      missingCount: monitorIds.missing.length,
      emailedCount: alerts.filter((alert) => alert.recipients.length > 0).length,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    const db = t.database.db;
    await ensureReferenceData(db);
    await createUser(db, {
      userId: 'E100009',
      isExternalUser: false,
      features: ['MANAGE_REPORT_CATEGORIES'],
      partnerAccess: [],
    });
    const bjs = await db
      .selectFrom('partners')
      .select('partner_id')
      .where('code', '=', 'BJS')
      .executeTakeFirstOrThrow();
    await newCategory(db, { code: 'SETTLE', name: 'Settlement', ownerEmails: ['settle@bank.test'] });
    await newCategory(db, { code: 'ORPHAN', name: 'Orphan' });
    ids.settle = await newMonitor(db, {
      partnerId: bjs.partner_id,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'DLY',
    });
    ids.orphan = await newMonitor(db, {
      partnerId: bjs.partner_id,
      categoryCode: 'ORPHAN',
      frequencyTypeCode: 'WLY',
      frequencyDay: 'MONDAY',
    });
    await recordRun('2026-11-20', { due: [ids.settle!], missing: [] });
    await recordRun(
      '2026-11-23',
      { due: [ids.settle!, ids.orphan!], missing: [ids.settle!, ids.orphan!] },
      true,
    );
  });
  afterAll(async () => t?.close());

  const get = async (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

  it('lists the last runs, newest first, with what was due, missing and who was emailed', async () => {
    const reply = await get('/api/report-monitors/runs', await personas.headers('internalAdmin'));
    expect(reply.statusCode).toBe(200);
    const { runs } = reply.json();
    expect(runs.map((run: { checkDate: string }) => run.checkDate)).toEqual(['2026-11-23', '2026-11-20']);
    expect(runs[0]).toMatchObject({
      scheduledFor: '2026-11-23T15:00:00.000Z',
      late: true,
      dueCount: 2,
      missingCount: 2,
      emailedCount: 1,
      due: [ids.settle, ids.orphan],
    });
    expect(runs[0].missing).toEqual([
      {
        reportMonitorId: ids.orphan,
        accessTypeCode: 'EXT',
        partnerCode: 'BJS',
        partnerName: "BJ's Wholesale Club",
        categoryCode: 'ORPHAN',
        categoryName: 'Orphan',
        frequencyTypeCode: 'WLY',
        frequencyDay: 'MONDAY',
        frequencyNumber: null,
        dueDate: '2026-11-23',
        recipients: [],
        emailed: false,
      },
      expect.objectContaining({
        reportMonitorId: ids.settle,
        recipients: ['settle@bank.test'],
        emailed: true,
      }),
    ]);
    expect(runs[1]).toMatchObject({ dueCount: 1, missingCount: 0, emailedCount: 0, missing: [] });
  });

  it('takes a limit', async () => {
    const reply = await get('/api/report-monitors/runs?limit=1', await personas.headers('internalAdmin'));
    expect(reply.json().runs).toHaveLength(1);
    const bad = await get('/api/report-monitors/runs?limit=0', await personas.headers('internalAdmin'));
    expect(bad.statusCode).toBe(400);
  });

  it('is for MANAGE_REPORT_CATEGORIES', async () => {
    const { sessionId } = await import('@portal/db').then(({ createSession }) =>
      createSession(t.database.db, { userId: 'E100009', provider: 'sso', idToken: null, absoluteHours: 1 }),
    );
    const manager = await get('/api/report-monitors/runs', { cookie: `portal_session=${sessionId}` });
    expect(manager.statusCode).toBe(200);
    expect(
      (await get('/api/report-monitors/runs', await personas.headers('internalNoFeature'))).statusCode,
    ).toBe(403);
    expect(
      (await get('/api/report-monitors/runs', await personas.headers('externalReports'))).statusCode,
    ).toBe(403);
    expect((await get('/api/report-monitors/runs', {})).statusCode).toBe(401);
  });
});
