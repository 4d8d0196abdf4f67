import { type Database, lastMonitorRunDate } from '@portal/db';
import { checksToCatchUp, type ScheduledCheck } from '@portal/domain/monitors/monitor-schedule';
import { easternDate } from '@portal/domain/time/eastern-time';
import { enqueueMany } from '@portal/queue';
import { monitorsCheckJobId } from '@portal/queue/jobs/monitors-check';
import { startTrace } from '@portal/telemetry';
import type { Kysely } from 'kysely';

/**
 * Writes to the outbox the checks that are due and not recorded: today's once 10:00 ET has
 * passed, and any business day missed since the last recorded check while every worker was
 * down. Each check's job id names its day, so workers doing this at once still make one job.
 */
export async function enqueueDueChecks(db: Kysely<Database>, now: Date): Promise<ScheduledCheck[]> {
  // A tick with nothing due stops here and makes no trace; one that writes checks starts a trace
  // that the checks' jobs (through their outbox rows) continue.
  const due = checksToCatchUp(now, await lastMonitorRunDate(db, easternDate(now)));
  if (due.length === 0) return [];
  return startTrace('monitors.schedule', () => writeDueChecks(db, now), {
    attributes: { 'portal.monitors.check_dates': due.map((check) => check.checkDate).join(',') },
  });
}

function writeDueChecks(db: Kysely<Database>, now: Date): Promise<ScheduledCheck[]> {
  return db.transaction().execute(async (trx) => {
    const checks = checksToCatchUp(now, await lastMonitorRunDate(trx, easternDate(now)));
    await enqueueMany(
      trx,
      checks.map(({ checkDate, scheduledFor }) => ({
        name: 'monitors.check' as const,
        payload: { checkDate, scheduledFor: scheduledFor.toISOString() },
        jobId: monitorsCheckJobId(checkDate),
      })),
    );
    return checks;
  });
}
