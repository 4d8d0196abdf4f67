import { SCHEDULE_TIME_ZONE } from '@portal/domain/time/eastern-time';
import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

/** The BullMQ job scheduler that fires `retention.apply`: one per Redis, whatever the worker count. */
export const RETENTION_SCHEDULER_ID = 'retention-apply';
/** 04:00 every day, New York time: after the session purge, before the working day. */
export const RETENTION_CRON = '0 0 4 * * *';

// Fired daily by the job scheduler (and once at each worker's start). Its handler makes the coming
// months' partitions, drops the months past their retention and deletes, in short batches, the rows
// of the other growing tables past theirs. What is gone is not found again, so a second run, a
// missed day or two workers at once do no harm.
export const retentionApply = defineJob({
  name: 'retention.apply',
  queue: 'monitors',
  payload: Type.Object({}, { additionalProperties: false }),
  attempts: 5,
  backoff: { type: 'exponential', delay: 60_000 },
  schedule: { id: RETENTION_SCHEDULER_ID, cron: RETENTION_CRON, tz: SCHEDULE_TIME_ZONE },
});
