import type { PartnerScope } from '@portal/domain/admin/admin-partner';
import type { Db } from '../db.js';
import { withPartnerAndCategoryNames } from '../partner-category-names.js';
import { partnerInScope } from '../reports/partner-scope.js';

// The record of report monitor checks, as managers read it on /admin/report-alerts: a manager
// scoped to some partners sees those partners' due and missing monitors only, and counts of them.

export type MonitorRunAlert = {
  reportMonitorId: number;
  accessTypeCode: string;
  partnerCode: string;
  partnerName: string;
  categoryCode: string;
  categoryName: string;
  frequencyTypeCode: string;
  frequencyDay: string | null;
  frequencyNumber: number | null;
  dueDate: string;
  /** Who was emailed; empty when the category had no owners and nobody was told. */
  recipients: string[];
};

export type MonitorRun = {
  runId: number;
  checkDate: string;
  scheduledFor: Date | null;
  startedAt: Date;
  finishedAt: Date | null;
  late: boolean;
  dueCount: number;
  missingCount: number;
  emailedCount: number;
  dueMonitorIds: number[];
  /** The monitors found missing their report in this run. */
  alerts: MonitorRunAlert[];
};

/** The latest `limit` runs, newest first, each with its alerts in `scope`: two queries (three when scoped). */
export async function listMonitorRuns(
  db: Db,
  { limit, scope = 'all' }: { limit: number; scope?: PartnerScope },
): Promise<MonitorRun[]> {
  const runs = await db
    .selectFrom('report_monitor_runs')
    .select([
      'run_id as runId',
      'check_date as checkDate',
      'scheduled_for as scheduledFor',
      'started_at as startedAt',
      'finished_at as finishedAt',
      'late',
      'due_count as dueCount',
      'missing_count as missingCount',
      'emailed_count as emailedCount',
      'due_monitor_ids as dueMonitorIds',
    ])
    .orderBy('check_date', 'desc')
    .limit(limit)
    .execute();
  if (runs.length === 0) return [];
  const alerts = await db
    .selectFrom('report_monitor_alerts as a')
    .innerJoin('report_monitors as m', 'm.report_monitor_id', 'a.report_monitor_id')
    .$call((query) => withPartnerAndCategoryNames(query, 'm'))
    .select([
      'a.run_id as runId',
      'a.report_monitor_id as reportMonitorId',
      'p.access_type_code as accessTypeCode',
      'p.code as partnerCode',
      'c.code as categoryCode',
      'm.frequency_type_code as frequencyTypeCode',
      'm.frequency_day as frequencyDay',
      'm.frequency_number as frequencyNumber',
      'a.due_date as dueDate',
      'a.recipients',
    ])
    .where(
      'a.run_id',
      'in',
      runs.map((run) => run.runId),
    )
    .where((eb) => partnerInScope(eb, scope))
    .orderBy('a.run_id')
    .orderBy('p.code')
    .orderBy('c.code')
    .orderBy('a.report_monitor_id')
    .execute();
  const withAlerts = runs.map((run) => ({
    ...run,
    alerts: alerts.filter((alert) => alert.runId === run.runId).map(({ runId: _, ...alert }) => alert),
  }));
  if (scope === 'all') return withAlerts;
  const visible = await monitorsInScope(db, [...new Set(runs.flatMap((run) => run.dueMonitorIds))], scope);
  return withAlerts.map((run) => {
    const dueMonitorIds = run.dueMonitorIds.filter((id) => visible.has(id));
    return {
      ...run,
      dueMonitorIds,
      dueCount: dueMonitorIds.length,
      missingCount: run.alerts.length,
      emailedCount: run.alerts.filter((alert) => alert.recipients.length > 0).length,
    };
  });
}

/** Which of these monitors belong to partners in `scope` (a monitor deleted since belongs to none). */
async function monitorsInScope(db: Db, ids: number[], scope: PartnerScope): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('report_monitors as m')
    .innerJoin('partners as p', 'p.partner_id', 'm.partner_id')
    .select('m.report_monitor_id')
    .where('m.report_monitor_id', 'in', ids)
    .where((eb) => partnerInScope(eb, scope))
    .execute();
  return new Set(rows.map((row) => row.report_monitor_id));
}

/** The run recorded for `checkDate`, without its alerts, if that day was checked. */
export async function findMonitorRun(db: Db, checkDate: string) {
  return db
    .selectFrom('report_monitor_runs')
    .select(['run_id as runId', 'started_at as startedAt', 'finished_at as finishedAt', 'late'])
    .where('check_date', '=', checkDate)
    .executeTakeFirst();
}
