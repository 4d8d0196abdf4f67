import { SCHEDULE_TIME_ZONE } from '@portal/domain/time/eastern-time';
import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

/** The BullMQ job scheduler that fires `sessions.purge`: one per Redis, whatever the worker count. */
export const SESSIONS_PURGE_SCHEDULER_ID = 'sessions-purge';
/** 03:00 every day, New York time (BullMQ's cron follows daylight saving in `tz`). */
export const SESSIONS_PURGE_CRON = '0 0 3 * * *';

// Fired by the job scheduler at 03:00 ET daily. Its handler deletes sessions past their absolute
// end or idle timeout and pending logins past expires_at; rows already gone are simply not found,
// so a second run (or a missed day) does no harm.
export const sessionsPurge = defineJob({
  name: 'sessions.purge',
  queue: 'monitors',
  payload: Type.Object({}, { additionalProperties: false }),
  attempts: 5,
  backoff: { type: 'exponential', delay: 10_000 },
  schedule: { id: SESSIONS_PURGE_SCHEDULER_ID, cron: SESSIONS_PURGE_CRON, tz: SCHEDULE_TIME_ZONE },
});
