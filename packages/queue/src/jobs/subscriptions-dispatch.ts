import { SCHEDULE_TIME_ZONE } from '@portal/domain/time/eastern-time';
import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

/** The BullMQ job scheduler that fires `subscriptions.dispatch`: one per Redis, whatever the worker count. */
export const SUBSCRIPTIONS_DISPATCH_SCHEDULER_ID = 'subscriptions-dispatch';
/** Every 15 seconds: a window's mail goes out at most 15 s after the window closes. */
export const SUBSCRIPTIONS_DISPATCH_CRON = '*/15 * * * * *';

// Fired every 15 seconds. Its handler mails each subscription whose window has closed (or whose
// digest time has come) the reports it heard, after checking the subscriber's access again; the
// mail and the removal of those reports from the subscription commit together, so a second run
// finds nothing to send.
export const subscriptionsDispatch = defineJob({
  name: 'subscriptions.dispatch',
  queue: 'notifications',
  payload: Type.Object({}, { additionalProperties: false }),
  attempts: 3,
  backoff: { type: 'exponential', delay: 5_000 },
  quiet: true,
  schedule: {
    id: SUBSCRIPTIONS_DISPATCH_SCHEDULER_ID,
    cron: SUBSCRIPTIONS_DISPATCH_CRON,
    tz: SCHEDULE_TIME_ZONE,
  },
});
