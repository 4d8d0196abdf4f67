import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

// Sends a tenant invitation's e-mail. Its link carries a secret, so unlike mail.send the message
// is not composed when the job is enqueued: the payload is the invitation's id, and the worker
// writes the message as it sends it, drawing the link's token then and keeping only its hash. No
// token is ever at rest in the outbox or in Redis (completed, failed or waiting to be retried).
export const mailInvitation = defineJob({
  name: 'mail.invitation',
  queue: 'mail',
  payload: Type.Object(
    { invitationId: Type.String({ pattern: '^[0-9a-fA-F-]{36}$' }) },
    { additionalProperties: false },
  ),
  attempts: 10,
  backoff: { type: 'exponential', delay: 10_000 },
});
