import {
  claimMonitorRun,
  type Database,
  type DueMonitor,
  finishMonitorRun,
  planMonitorCheck,
  recordMonitorAlerts,
  recordReportEvents,
} from '@portal/db';
import { monitorAlertEmail } from '@portal/domain/monitors/monitor-alert';
import { isLateCheck } from '@portal/domain/monitors/monitor-schedule';
import { isBusinessDay } from '@portal/domain/time/business-days';
import { enqueueMany, type JobRequest } from '@portal/queue';
import type { Kysely } from 'kysely';

export type MonitorCheckInput = {
  checkDate: string;
  scheduledFor: Date;
  /** The clock: tests fix it at 10:00 ET of a due day. */
  now: () => Date;
  /** The portal's public origin, for the link to the reports page. */
  publicUrl: string;
};

export type MonitorCheckOutcome =
  | { status: 'not-a-business-day' | 'already-checked'; checkDate: string }
  | {
      status: 'checked';
      checkDate: string;
      late: boolean;
      dueCount: number;
      missingCount: number;
      emailed: { reportMonitorId: number; recipients: string[] }[];
      /** Missing reports whose category has no owners: recorded, nobody told. */
      unnotified: number[];
    };

/** The BullMQ id of one alert email: one message per monitor and day, however often it is published. */
export function monitorAlertJobId(reportMonitorId: number, dueDate: string): string {
  return `monitor-alert-${reportMonitorId}-${dueDate}`;
}

export function alertMailRequest(
  monitor: DueMonitor,
  recipients: string[],
  input: Pick<MonitorCheckInput, 'checkDate' | 'publicUrl'> & { expectedReportDate: string },
  late: { scheduledFor: Date; ranAt: Date } | undefined,
): JobRequest {
  const email = monitorAlertEmail({
    monitor,
    dueDate: input.checkDate,
    expectedReportDate: input.expectedReportDate,
    publicUrl: input.publicUrl,
    ...(late ? { late } : {}),
  });
  return {
    name: 'mail.send',
    payload: { to: recipients, subject: email.subject, text: email.text },
    jobId: monitorAlertJobId(monitor.reportMonitorId, input.checkDate),
  };
}

/**
 * The check of one day, in one transaction: claim the day, find the due monitors and their
 * reports, record an alert per missing report and write its email to the outbox. A second check
 * of the same day finds the day claimed and sends nothing. A fixed number of statements, however
 * many monitors there are.
 */
export async function runMonitorCheck(
  db: Kysely<Database>,
  input: MonitorCheckInput,
): Promise<MonitorCheckOutcome> {
  const { checkDate, scheduledFor } = input;
  if (!isBusinessDay(checkDate)) return { status: 'not-a-business-day', checkDate };
  return db.transaction().execute(async (trx) => {
    const startedAt = input.now();
    const late = isLateCheck(scheduledFor, startedAt);
    const runId = await claimMonitorRun(trx, { checkDate, scheduledFor, startedAt, late });
    if (runId === undefined) return { status: 'already-checked', checkDate };

    const plan = await planMonitorCheck(trx, checkDate);
    const alerts = await recordMonitorAlerts(trx, {
      runId,
      dueDate: checkDate,
      reportMonitorIds: plan.missing.map((monitor) => monitor.reportMonitorId),
    });
    // monitor.missing for each alert first recorded now (webhooks hear it); a re-check adds none.
    const missing = new Map(plan.missing.map((monitor) => [monitor.reportMonitorId, monitor]));
    await recordReportEvents(
      trx,
      alerts.map((alert) => {
        const monitor = missing.get(alert.reportMonitorId)!;
        return {
          eventType: 'monitor.missing' as const,
          partnerId: monitor.partnerId,
          categoryCode: monitor.categoryCode,
          frequencyTypeCode: monitor.frequencyTypeCode,
          reportMonitorId: monitor.reportMonitorId,
          reportDate: plan.expectedReportDate,
        };
      }),
    );
    const byId = missing;
    const emailed = alerts.filter((alert) => alert.recipients.length > 0);
    const lateness = late ? { scheduledFor, ranAt: startedAt } : undefined;
    await enqueueMany(
      trx,
      emailed.map((alert) =>
        alertMailRequest(
          byId.get(alert.reportMonitorId)!,
          alert.recipients,
          { ...input, expectedReportDate: plan.expectedReportDate },
          lateness,
        ),
      ),
    );
    await finishMonitorRun(trx, {
      runId,
      finishedAt: input.now(),
      dueMonitorIds: plan.due.map((monitor) => monitor.reportMonitorId),
      missingCount: plan.missing.length,
      emailedCount: emailed.length,
    });
    return {
      status: 'checked',
      checkDate,
      late,
      dueCount: plan.due.length,
      missingCount: plan.missing.length,
      emailed,
      unnotified: alerts
        .filter((alert) => alert.recipients.length === 0)
        .map((alert) => alert.reportMonitorId),
    };
  });
}
