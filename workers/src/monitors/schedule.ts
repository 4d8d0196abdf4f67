import type { Database } from '@portal/db';
import { lastMonitorRunDate } from '@portal/db/report-monitors';
import { easternDate, SCHEDULE_TIME_ZONE } from '@portal/domain/eastern-time';
import { checksToCatchUp, type ScheduledCheck } from '@portal/domain/monitor-schedule';
import { enqueueMany, jobOptions, withTimeout } from '@portal/queue';
import { monitorsCheckJobId } from '@portal/queue/jobs/monitors-check';
import {
  MONITORS_SCHEDULE_CRON,
  MONITORS_SCHEDULER_ID,
  monitorsSchedule,
} from '@portal/queue/jobs/monitors-schedule';
import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

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

const RETRY_MS = { first: 500, max: 30_000 };

export type MonitorSchedule = { stop(): Promise<void> };

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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  const run = async () => {
    for (let delay = RETRY_MS.first; !stopped; delay = Math.min(delay * 2, RETRY_MS.max)) {
      try {
        const checks = await enqueueDueChecks(options.db, options.now());
        if (checks.length > 0)
          log.info({ checks: checks.map((check) => check.checkDate) }, 'catching up checks');
        break;
      } catch (error) {
        log.warn({ err: error }, 'could not catch up report monitor checks; retrying');
        await pause(delay);
      }
    }
    for (let delay = RETRY_MS.first; !stopped; delay = Math.min(delay * 2, RETRY_MS.max)) {
      try {
        await withTimeout(
          options.queue.upsertJobScheduler(
            MONITORS_SCHEDULER_ID,
            { pattern: MONITORS_SCHEDULE_CRON, tz: SCHEDULE_TIME_ZONE },
            { name: monitorsSchedule.name, data: {}, opts: jobOptions(monitorsSchedule) },
          ),
          5000,
          'Redis',
        );
        log.debug('report monitor schedule in place');
        return;
      } catch (error) {
        if (delay === RETRY_MS.first)
          log.warn({ err: error }, 'could not set the report monitor schedule; retrying');
        await pause(delay);
      }
    }
  };
  const running = run();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}
