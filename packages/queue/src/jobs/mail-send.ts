import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

const address = Type.String({ minLength: 3, pattern: '@' });

// The message is composed when the job is enqueued, so a retry sends exactly what was decided then.
export const mailSend = defineJob({
  name: 'mail.send',
  queue: 'mail',
  payload: Type.Object(
    {
      to: Type.Array(address, { minItems: 1 }),
      cc: Type.Optional(Type.Array(address)),
      subject: Type.String({ minLength: 1 }),
      text: Type.String(),
      html: Type.Optional(Type.String()),
      /**
       * RFC 8058 one-click unsubscribe: the https URL of List-Unsubscribe, which also takes the
       * form-encoded POST that List-Unsubscribe-Post announces.
       */
      listUnsubscribe: Type.Optional(Type.String({ pattern: '^https?://' })),
    },
    { additionalProperties: false },
  ),
  attempts: 10,
  backoff: { type: 'exponential', delay: 10_000 },
});
