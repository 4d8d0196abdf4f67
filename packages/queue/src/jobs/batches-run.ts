import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

// One batch of one business day: `disputes-batch-2026-11-23` (batchJobId in
// @portal/domain/form-batch), enqueued by batches.disputes-schedule or batches.invoices-schedule
// at the batch time and by a worker catching up at start (both through enqueueDueBatches), or by
// hand (scripts/batches-run.ts). The batch row's unique date makes any second run a no-op.
export const batchesRun = defineJob({
  name: 'batches.run',
  queue: 'batches',
  payload: Type.Object(
    {
      kind: Type.Union([Type.Literal('invoices'), Type.Literal('disputes')]),
      batchDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
      /** When the batch was due (ISO 8601, UTC); a start more than 15 minutes later is late. */
      scheduledFor: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' }),
    },
    { additionalProperties: false },
  ),
  attempts: 8,
  backoff: { type: 'exponential', delay: 30_000 },
});
