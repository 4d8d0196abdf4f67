import { type Database, deleteExpiredPendingLogins, deleteExpiredSessions } from '@portal/db';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

export type SessionPurgeDependencies = {
  db: Kysely<Database>;
  /** SESSION_IDLE_MINUTES: the API's idle timeout, past which a session is refused. */
  sessionIdleMinutes: number;
};

/**
 * Deletes what the API already refuses: expired or idle sessions and expired pending logins.
 * Fired at 03:00 ET daily by the schedule declared on the job (packages/queue/src/jobs/sessions-purge.ts).
 */
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
