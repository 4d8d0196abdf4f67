import type { Database } from '@portal/db';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';
import { runMonitorCheck } from './run-check.js';
import { enqueueDueChecks } from './schedule.js';

export type MonitorDependencies = { db: Kysely<Database>; now: () => Date; publicUrl: string };

/**
 * The job scheduler fires at 10:00:00 ET by the Redis host's reckoning; a worker whose clock is a
 * little behind must still see the check as due.
 */
const CLOCK_TOLERANCE_MS = 60_000;

/**
 * Fired at 10:00 ET on weekdays by the schedule declared on the job. At worker start it also
 * catches up checks missed while every worker was down (through the outbox, so Redis may be down).
 */
export function monitorsScheduleHandler({ db, now }: MonitorDependencies): JobHandler<'monitors.schedule'> {
  return defineHandler(
    'monitors.schedule',
    async (_, { logger }) => {
      const checks = await enqueueDueChecks(db, new Date(now().getTime() + CLOCK_TOLERANCE_MS));
      logger.info({ checks: checks.map((check) => check.checkDate) }, 'report monitor checks enqueued');
    },
    {
      atStart: {
        what: 'catch up report monitor checks',
        attempt: async (logger) => {
          const checks = await enqueueDueChecks(db, now());
          if (checks.length > 0)
            logger.info({ checks: checks.map((check) => check.checkDate) }, 'catching up checks');
        },
      },
    },
  );
}

export function monitorsCheckHandler({
  db,
  now,
  publicUrl,
}: MonitorDependencies): JobHandler<'monitors.check'> {
  return defineHandler('monitors.check', async ({ checkDate, scheduledFor }, { logger }) => {
    const outcome = await runMonitorCheck(db, {
      checkDate,
      scheduledFor: new Date(scheduledFor),
      now,
      publicUrl,
    });
    if (outcome.status !== 'checked') {
      logger.info({ checkDate, status: outcome.status }, 'report monitor check: nothing to do');
      return;
    }
    const { emailed, unnotified, ...summary } = outcome;
    logger.info({ ...summary, emailed: emailed.length, unnotified }, 'report monitor check done');
  });
}
