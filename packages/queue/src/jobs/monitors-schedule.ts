import { CHECK_HOUR } from '@portal/domain/monitors/monitor-schedule';
import { cronAt } from '@portal/domain/time/cron';
import { SCHEDULE_TIME_ZONE } from '@portal/domain/time/eastern-time';
import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

/** The BullMQ job scheduler that fires `monitors.schedule`: one per Redis, whatever the worker count. */
export const MONITORS_SCHEDULER_ID = 'monitors-schedule';
/** CHECK_HOUR (10:00) Monday to Friday, New York time (BullMQ's cron follows daylight saving in `tz`). */
export const MONITORS_SCHEDULE_CRON = cronAt({ hour: CHECK_HOUR, minute: 0 }, 'weekdays');

// Fired by the job scheduler at 10:00 ET on weekdays. Its handler enqueues the day's
// monitors.check (and any check missed while every worker was down); on a holiday it finds none.
export const monitorsSchedule = defineJob({
  name: 'monitors.schedule',
  queue: 'monitors',
  payload: Type.Object({}, { additionalProperties: false }),
  attempts: 5,
  backoff: { type: 'exponential', delay: 10_000 },
  schedule: { id: MONITORS_SCHEDULER_ID, cron: MONITORS_SCHEDULE_CRON, tz: SCHEDULE_TIME_ZONE },
});
