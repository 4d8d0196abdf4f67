import type { Database } from '@portal/db';
import { lastMonitorRunDate } from '@portal/db/report-monitors';
import { easternDate, SCHEDULE_TIME_ZONE } from '@portal/domain/eastern-time';
import { checksToCatchUp, type ScheduledCheck } from '@portal/domain/monitor-schedule';
import { enqueueMany } from '@portal/queue';
import { monitorsCheckJobId } from '@portal/queue/jobs/monitors-check';
import {
  MONITORS_SCHEDULE_CRON,
  MONITORS_SCHEDULER_ID,
  monitorsSchedule,
} from '@portal/queue/jobs/monitors-schedule';
import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { runStartupSteps, type StartupSteps, upsertScheduler } from '../schedules.js';

/**
 * Writes to the outbox the checks that are due and not recorded: today's once 10:00 ET has
 * passed, and any business day missed since the last recorded check while every worker was
 * down. Each check's job id names its day, so workers doing this at once still make one job.
 */
export async function enqueueDueChecks(db: Kysely<Database>, now: Date): Promise<ScheduledCheck[]> {
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

export type MonitorSchedule = StartupSteps;

/**
 * At worker start: catch up missed checks (through the outbox, so Redis may be down), and make
 * sure the BullMQ job scheduler fires monitors.schedule at 10:00 ET on weekdays. Upserting the
 * scheduler is idempotent, so every worker does it; while Redis refuses, it is retried.
 */
export function startMonitorSchedule(options: {
  db: Kysely<Database>;
  queue: Queue;
  now: () => Date;
  logger: Logger;
}): MonitorSchedule {
  const log = options.logger.child({ component: 'monitor-schedule' });
  return runStartupSteps(log, [
    {
      what: 'catch up report monitor checks',
      attempt: async () => {
        const checks = await enqueueDueChecks(options.db, options.now());
        if (checks.length > 0)
          log.info({ checks: checks.map((check) => check.checkDate) }, 'catching up checks');
      },
    },
    {
      what: 'set the report monitor schedule',
      attempt: async () => {
        await upsertScheduler(
          options.queue,
          MONITORS_SCHEDULER_ID,
          { pattern: MONITORS_SCHEDULE_CRON, tz: SCHEDULE_TIME_ZONE },
          monitorsSchedule,
        );
        log.debug('report monitor schedule in place');
      },
    },
  ]);
}
