import { BATCH_TIMES } from '@portal/domain/forms/form-batch';
import { cronAt } from '@portal/domain/time/cron';
import { SCHEDULE_TIME_ZONE } from '@portal/domain/time/eastern-time';
import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

// Fired at 8:00 PM New York time, Monday to Friday, by the job scheduler declared here (one per
// Redis, whatever the worker count; BullMQ's cron follows daylight saving in tz). Its handler
// writes to the outbox the disputes batch runs due and not recorded: the day's, and any a downed
// worker missed, each with its day's job id. On a holiday it finds none due.
export const batchesDisputesSchedule = defineJob({
  name: 'batches.disputes-schedule',
  queue: 'batches',
  payload: Type.Object({}, { additionalProperties: false }),
  attempts: 5,
  backoff: { type: 'exponential', delay: 10_000 },
  schedule: {
    id: 'disputes-batch-schedule',
    cron: cronAt(BATCH_TIMES.disputes, 'weekdays'),
    tz: SCHEDULE_TIME_ZONE,
  },
});
