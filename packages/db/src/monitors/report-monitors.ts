import { type MonitorScheduleFields, toScheduleFields } from '@portal/domain';
import { expectedReportDate, schedulesDueOn } from '@portal/domain/monitors/monitor-schedule';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../db.js';
import { withPartnerAndCategoryNames } from '../partner-category-names.js';
import { whereLive } from '../reports/live-reports.js';
import type { Database } from '../schema.js';

// The check side of report monitors: which monitors are due and whether their report is there,
// and the record of each check run. Every function issues a fixed number of statements, however
// many monitors there are (the check must not query once per monitor).

export type DueMonitor = {
  reportMonitorId: number;
  partnerId: number;
  accessTypeCode: string;
  partnerCode: string;
  partnerName: string;
  categoryCode: string;
  categoryName: string;
  frequencyTypeCode: string;
  frequencyTypeName: string;
  frequencyDay: string | null;
  frequencyNumber: number | null;
  /** The category's owner emails that look like addresses (blanks and junk are never mailed). */
  ownerEmails: string[];
  /** A report of the partner, category and frequency type dated the expected date, not deleted. */
  reportPresent: boolean;
  /** Set when an alert for this monitor and due date was already recorded. */
  alertedAt: Date | null;
};

const ADDRESS = '^[^@[:space:]]+@[^@[:space:]]+$';

/** The owner emails of category `c` worth mailing, as a text[] expression. */
const ownerAddresses = sql<string[]>`array(
  select btrim(e) from unnest(c.owner_emails) as e where btrim(e) ~ ${ADDRESS}
)`;

function matchesSchedule(
  eb: ExpressionBuilder<Database, 'report_monitors'>,
  schedule: MonitorScheduleFields,
) {
  return eb.and([
    eb('report_monitors.frequency_type_code', '=', schedule.frequencyTypeCode),
    schedule.frequencyDay === null
      ? eb('report_monitors.frequency_day', 'is', null)
      : eb('report_monitors.frequency_day', '=', schedule.frequencyDay),
    schedule.frequencyNumber === null
      ? eb('report_monitors.frequency_number', 'is', null)
      : eb('report_monitors.frequency_number', '=', schedule.frequencyNumber),
  ]);
}

/**
 * One query: the monitors whose schedule is among `schedules` (those due on `dueDate`), with
 * partner, category owners, whether their report dated `expectedReportDate` is present, and
 * whether they were already alerted for `dueDate`.
 */
export async function findDueMonitors(
  db: Db,
  query: { dueDate: string; expectedReportDate: string; schedules: readonly MonitorScheduleFields[] },
): Promise<DueMonitor[]> {
  if (query.schedules.length === 0) return [];
  return db
    .selectFrom('report_monitors')
    .$call((query) => withPartnerAndCategoryNames(query, 'report_monitors'))
    .leftJoin('frequency_types as f', 'f.code', 'report_monitors.frequency_type_code')
    .leftJoin('report_monitor_alerts as a', (join) =>
      join
        .onRef('a.report_monitor_id', '=', 'report_monitors.report_monitor_id')
        .on('a.due_date', '=', query.dueDate),
    )
    .where((eb) => eb.or(query.schedules.map((schedule) => matchesSchedule(eb, schedule))))
    .select((eb) => [
      'report_monitors.report_monitor_id as reportMonitorId',
      'p.partner_id as partnerId',
      'p.access_type_code as accessTypeCode',
      'p.code as partnerCode',
      'c.code as categoryCode',
      'report_monitors.frequency_type_code as frequencyTypeCode',
      eb.fn.coalesce('f.name', 'report_monitors.frequency_type_code').as('frequencyTypeName'),
      'report_monitors.frequency_day as frequencyDay',
      'report_monitors.frequency_number as frequencyNumber',
      ownerAddresses.as('ownerEmails'),
      eb
        .exists(
          eb
            .selectFrom('reports as r')
            .select(sql.lit(1).as('one'))
            .whereRef('r.partner_id', '=', 'report_monitors.partner_id')
            .whereRef('r.category_code', '=', 'report_monitors.category_code')
            .whereRef('r.frequency_type_code', '=', 'report_monitors.frequency_type_code')
            .where('r.report_date', '=', query.expectedReportDate)
            .where(whereLive('r')),
        )
        .$castTo<boolean>()
        .as('reportPresent'),
      'a.created_at as alertedAt',
    ])
    .orderBy('report_monitors.report_monitor_id')
    .execute();
}

export type MonitorRunStart = { checkDate: string; scheduledFor: Date; startedAt: Date; late: boolean };

/**
 * Claims the run of `checkDate`. Returns its id, or undefined when that date was already checked
 * (check_date is unique: a concurrent run waits for the first to commit, then gets nothing).
 */
export async function claimMonitorRun(db: Db, run: MonitorRunStart): Promise<number | undefined> {
  const row = await db
    .insertInto('report_monitor_runs')
    .values({
      check_date: run.checkDate,
      scheduled_for: run.scheduledFor,
      started_at: run.startedAt,
      late: run.late,
    })
    .onConflict((oc) => oc.column('check_date').doNothing())
    .returning('run_id')
    .executeTakeFirst();
  return row?.run_id;
}

export type RecordedAlert = { reportMonitorId: number; recipients: string[] };

/**
 * One statement: an alert per monitor of `reportMonitorIds` not yet alerted for `dueDate`,
 * recipients being its category's owner emails now (empty: nobody could be told). Returns only
 * the alerts this call created, so a second call for the same day returns nothing.
 */
export async function recordMonitorAlerts(
  db: Db,
  alerts: { runId: number; dueDate: string; reportMonitorIds: readonly number[] },
): Promise<RecordedAlert[]> {
  if (alerts.reportMonitorIds.length === 0) return [];
  return db
    .insertInto('report_monitor_alerts')
    .columns(['run_id', 'report_monitor_id', 'due_date', 'recipients'])
    .expression((eb) =>
      eb
        .selectFrom('report_monitors as m')
        .innerJoin('report_categories as c', 'c.code', 'm.category_code')
        .select([
          sql.lit(alerts.runId).as('run_id'),
          'm.report_monitor_id',
          sql<string>`${alerts.dueDate}::date`.as('due_date'),
          ownerAddresses.as('recipients'),
        ])
        .where(
          'm.report_monitor_id',
          '=',
          sql<number>`any(${sql.val([...alerts.reportMonitorIds])}::integer[])`,
        ),
    )
    .onConflict((oc) => oc.columns(['report_monitor_id', 'due_date']).doNothing())
    .returning(['report_monitor_id as reportMonitorId', 'recipients'])
    .execute();
}

export async function finishMonitorRun(
  db: Db,
  run: {
    runId: number;
    finishedAt: Date;
    dueMonitorIds: readonly number[];
    missingCount: number;
    emailedCount: number;
  },
): Promise<void> {
  await db
    .updateTable('report_monitor_runs')
    .set({
      finished_at: run.finishedAt,
      due_monitor_ids: [...run.dueMonitorIds],
      due_count: run.dueMonitorIds.length,
      missing_count: run.missingCount,
      emailed_count: run.emailedCount,
    })
    .where('run_id', '=', run.runId)
    .execute();
}

/** The latest check date recorded on or before `date`, if any. */
export async function lastMonitorRunDate(db: Db, onOrBefore: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('report_monitor_runs')
    .select('check_date')
    .where('check_date', '<=', onOrBefore)
    .orderBy('check_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.check_date;
}

export type MonitorCheckPlan = {
  checkDate: string;
  expectedReportDate: string;
  due: DueMonitor[];
  /** Due monitors whose report is not there. */
  missing: DueMonitor[];
};

/** What the check of `checkDate` finds, written nowhere: the run, the dry run and the bench share it. */
export async function planMonitorCheck(db: Db, checkDate: string): Promise<MonitorCheckPlan> {
  const expected = expectedReportDate(checkDate);
  const due = await findDueMonitors(db, {
    dueDate: checkDate,
    expectedReportDate: expected,
    schedules: schedulesDueOn(checkDate).map(toScheduleFields),
  });
  return {
    checkDate,
    expectedReportDate: expected,
    due,
    missing: due.filter((monitor) => !monitor.reportPresent),
  };
}
