import { Type } from 'typebox';
import { defineJob, WEBHOOK_BACKOFF } from '../job-definition.js';

// One webhook delivery (issue 28), by its id ('msg_' + 32 hex, the webhook-id of every attempt).
// Enqueued with the job id `webhook-<deliveryId>` when an event is handed out (a redelivery by
// hand: `webhook-<deliveryId>-redeliver-<attempts so far>`). The handler re-reads the delivery and
// sends nothing once it succeeded.
//
// Retried for about a day and a half: the worker's backoff doubles from WEBHOOK_RETRY_BASE_MS
// (30 s by default), each wait capped at 6 h, so the 14 waits between 15 attempts add up to
// 30 s × (2^10 − 1) ≈ 8.5 h plus 4 × 6 h, about 32.5 h: past the 24 h a receiver's outage may last.
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
