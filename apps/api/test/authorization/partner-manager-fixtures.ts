import type { Database } from '@portal/db';
import { claimMonitorRun, finishMonitorRun, recordMonitorAlerts } from '@portal/db';
import { newPartnerCategory } from '@portal/testing/db';
import type { Kysely } from 'kysely';
import { ADMIN_MATRIX } from './admin-fixtures.js';

// What the "manager scoped to one partner" rows act on, added to the matrix fixtures: things of
// EXT/OTH (the partner outside the manager's scope) for each area, and EXT/BJS things of its own.
// MX_ADMIN is shared by EXT/BJS and EXT/OTH (admin-fixtures.ts), so is the frequency type WLY.

export const SCOPE = {
  ownCategory: 'MXS_OWN',
  emptyCategory: 'MXS_DEL',
  otherCategory: 'MXS_OTH',
  otherDataset: 'mxs-oth-dataset',
  otherContent: '/content/mxs-oth/',
} as const;

export type ScopeIds = { otherDashboard: number; otherMonitor: number; ownRunMonitor: number };

export async function seedPartnerManagerFixtures(db: Kysely<Database>): Promise<ScopeIds> {
  const partnerId = async (code: string) =>
    (
      await db
        .selectFrom('partners')
        .select('partner_id')
        .where('access_type_code', '=', 'EXT')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).partner_id;
  const bjs = await partnerId('BJS');
  const oth = await partnerId('OTH');
  await db
    .insertInto('report_categories')
    .values(
      [SCOPE.ownCategory, SCOPE.emptyCategory, SCOPE.otherCategory].map((code) => ({
        code,
        name: `Scope ${code}`,
      })),
    )
    .execute();
  await db
    .insertInto('report_category_frequency_types')
    .values(
      [SCOPE.ownCategory, SCOPE.otherCategory].map((category_code) => ({
        category_code,
        frequency_type_code: 'WLY',
      })),
    )
    .execute();
  for (const [partner_id, category_code] of [
    [bjs, SCOPE.ownCategory],
    [oth, SCOPE.otherCategory],
  ] as const) {
    await newPartnerCategory(db, {
      partnerId: partner_id,
      categoryCode: category_code,
      frequencyTypeCodes: ['WLY'],
    });
  }
  const otherDashboard = await db
    .insertInto('dashboards')
    .values({
      partner_id: oth,
      dashboard_name: 'Scope OTH',
      dashboard_url: SCOPE.otherContent,
      dashboard_type: 'RSTUDIO',
      dashboard_content_type: 'Sales',
      updated_at: new Date(),
    })
    .returning('dashboard_id')
    .executeTakeFirstOrThrow();
  const otherMonitor = await db
    .insertInto('report_monitors')
    .values({
      partner_id: oth,
      category_code: ADMIN_MATRIX.category,
      frequency_type_code: 'WLY',
      frequency_day: 'FRIDAY',
    })
    .returning('report_monitor_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('datasets')
    .values({ catalog_id: SCOPE.otherDataset, object_key: `/Reports/EXT/OTH/${ADMIN_MATRIX.category}/` })
    .execute();
  // A monitor of EXT/BJS that only the run below names (the other rows leave it alone).
  const ownRunMonitor = await db
    .insertInto('report_monitors')
    .values({
      partner_id: bjs,
      category_code: ADMIN_MATRIX.category,
      frequency_type_code: 'WLY',
      frequency_day: 'MONDAY',
    })
    .returning('report_monitor_id')
    .executeTakeFirstOrThrow();
  // The run of 2026-11-20: one monitor of each partner due and missing, nobody emailed.
  const runMonitors = [ownRunMonitor.report_monitor_id, otherMonitor.report_monitor_id];
  const at = new Date('2026-11-20T15:00:00Z');
  const runId = (await claimMonitorRun(db, {
    checkDate: '2026-11-20',
    scheduledFor: at,
    startedAt: at,
    late: false,
  }))!;
  await recordMonitorAlerts(db, {
    runId,
    dueDate: '2026-11-20',
    reportMonitorIds: runMonitors,
  });
  await finishMonitorRun(db, {
    runId,
    finishedAt: at,
    dueMonitorIds: runMonitors,
    missingCount: 2,
    emailedCount: 0,
  });
  return {
    otherDashboard: otherDashboard.dashboard_id,
    otherMonitor: otherMonitor.report_monitor_id,
    ownRunMonitor: ownRunMonitor.report_monitor_id,
  };
}
