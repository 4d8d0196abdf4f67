import { type Database, deleteExpiredPendingLogins, deleteExpiredSessions } from '@portal/db';
import { SCHEDULE_TIME_ZONE } from '@portal/domain/eastern-time';
import { jobOptions, withTimeout } from '@portal/queue';
import {
  SESSIONS_PURGE_CRON,
  SESSIONS_PURGE_SCHEDULER_ID,
  sessionsPurge,
} from '@portal/queue/jobs/sessions-purge';
import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { defineHandler, type JobHandler } from '../registry.js';

export type SessionPurgeDependencies = {
  db: Kysely<Database>;
  /** SESSION_IDLE_MINUTES: the API's idle timeout, past which a session is refused. */
  sessionIdleMinutes: number;
};

/** Deletes what the API already refuses: expired or idle sessions and expired pending logins. */
export function sessionsPurgeHandler({
  db,
  sessionIdleMinutes,
}: SessionPurgeDependencies): JobHandler<'sessions.purge'> {
  return defineHandler('sessions.purge', async (_, { logger }) => {
    const sessions = await deleteExpiredSessions(db, sessionIdleMinutes);
    const pendingLogins = await deleteExpiredPendingLogins(db);
    logger.info({ sessions, pendingLogins }, 'expired sessions and pending logins deleted');
  });
}

const RETRY_MS = { first: 500, max: 30_000 };

export type SessionPurgeSchedule = { stop(): Promise<void> };

/**
 * At worker start: make sure the BullMQ job scheduler fires sessions.purge at 03:00 ET daily.
 * Upserting the scheduler is idempotent, so every worker does it; while Redis refuses, it is retried.
 */
export function startSessionPurgeSchedule(options: { queue: Queue; logger: Logger }): SessionPurgeSchedule {
  const log = options.logger.child({ component: 'session-purge-schedule' });
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
        await withTimeout(
          options.queue.upsertJobScheduler(
            SESSIONS_PURGE_SCHEDULER_ID,
            { pattern: SESSIONS_PURGE_CRON, tz: SCHEDULE_TIME_ZONE },
            { name: sessionsPurge.name, data: {}, opts: jobOptions(sessionsPurge) },
          ),
          5000,
          'Redis',
        );
        log.debug('session purge schedule in place');
        return;
      } catch (error) {
        if (delay === RETRY_MS.first)
          log.warn({ err: error }, 'could not set the session purge schedule; retrying');
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
