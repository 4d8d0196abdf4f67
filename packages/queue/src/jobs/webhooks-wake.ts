import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

// Webhook deliveries are scheduled in Postgres (packages/db's webhook-dispatch): this job only
// wakes a worker's dispatcher, which claims what is due. Written with the deliveries it announces
// (a fan-out, a test event, a redelivery by hand), in their transaction. A lost one costs at most
// the dispatcher's poll (1 s), so it is tried once. Its payload says why, for the queue board.
export const webhooksWake = defineJob({
  name: 'webhooks.wake',
  queue: 'webhooks',
  payload: Type.Object(
    {
      reason: Type.Union([Type.Literal('fan-out'), Type.Literal('test event'), Type.Literal('redelivery')]),
    },
    { additionalProperties: false },
  ),
  attempts: 1,
  backoff: { type: 'exponential', delay: 1_000 },
  // The wake-ups of one relay pass wake the dispatcher once.
  grouped: true,
});
