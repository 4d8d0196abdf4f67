import { Type } from 'typebox';
import { defineJob, WEBHOOK_BACKOFF } from '../job-definition.js';

// One webhook delivery by its id ('msg_' + 32 hex), as the portal queued them before deliveries
// were scheduled in Postgres (webhooks.wake): nothing enqueues it any more, but jobs of it may sit in
// Redis at the upgrade, some delayed for hours. Its handler makes the delivery due now, if it is
// still pending, and wakes the dispatcher, which sends it under its endpoint's cap. Its attempts and
// backoff stay as they were, since the jobs in Redis carry them.
export const webhooksDeliver = defineJob({
  name: 'webhooks.deliver',
  queue: 'webhooks',
  payload: Type.Object(
    { deliveryId: Type.String({ pattern: '^msg_[0-9a-f]{32}$' }) },
    { additionalProperties: false },
  ),
  attempts: 15,
  backoff: { type: WEBHOOK_BACKOFF },
});
