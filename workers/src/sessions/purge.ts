import { type Database, deleteExpiredPendingLogins, deleteExpiredSessions } from '@portal/db';
import { SCHEDULE_TIME_ZONE } from '@portal/domain/eastern-time';
import {
  SESSIONS_PURGE_CRON,
  SESSIONS_PURGE_SCHEDULER_ID,
  sessionsPurge,
} from '@portal/queue/jobs/sessions-purge';
import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { defineHandler, type JobHandler } from '../registry.js';
import { runStartupSteps, type StartupSteps, upsertScheduler } from '../schedules.js';

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

export type SessionPurgeSchedule = StartupSteps;

/**
 * At worker start: make sure the BullMQ job scheduler fires sessions.purge at 03:00 ET daily.
 * Upserting the scheduler is idempotent, so every worker does it; while Redis refuses, it is retried.
 */
export function startSessionPurgeSchedule(options: { queue: Queue; logger: Logger }): SessionPurgeSchedule {
  const log = options.logger.child({ component: 'session-purge-schedule' });
  return runStartupSteps(log, [
    {
      what: 'set the session purge schedule',
      attempt: async () => {
        await upsertScheduler(
          options.queue,
          SESSIONS_PURGE_SCHEDULER_ID,
          { pattern: SESSIONS_PURGE_CRON, tz: SCHEDULE_TIME_ZONE },
          sessionsPurge,
        );
        log.debug('session purge schedule in place');
      },
    },
  ]);
}
