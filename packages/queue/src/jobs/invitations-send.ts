import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

// Mails a tenant invitation. The payload carries only the id: the handler re-reads the invitation
// (a deleted or accepted one is not mailed) and hands it to the mail queue (mail.invitation, which
// writes the message and its link's token as it sends) with a job id of its own, once
// (invitations.mailed_at), so a retry never mails twice.
export const invitationsSend = defineJob({
  name: 'invitations.send',
  queue: 'invitations',
  payload: Type.Object(
    { invitationId: Type.String({ pattern: '^[0-9a-fA-F-]{36}$' }) },
    { additionalProperties: false },
  ),
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
});
