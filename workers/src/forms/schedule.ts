import { type Database, lastBatchDate } from '@portal/db';
import { type BatchKind, batchesToCatchUp, batchInstant, batchJobId } from '@portal/domain/forms/form-batch';
import { easternDate } from '@portal/domain/time/eastern-time';
import { enqueueMany } from '@portal/queue';
import { startTrace } from '@portal/telemetry';
import type { Kysely } from 'kysely';

/**
 * Writes to the outbox every batch run of `kind` that is due and not recorded: the day's once its
 * time has passed, and any business day missed since the last batch while every worker was down.
 * Each run's job id names its kind and day, so workers doing this at once still make one job.
 */
export async function enqueueDueBatches(db: Kysely<Database>, kind: BatchKind, now: Date): Promise<string[]> {
  // A tick with nothing due stops here and makes no trace; one that writes runs starts a trace
  // that the runs' jobs (through their outbox rows) continue.
  const due = batchesToCatchUp(kind, now, await lastBatchDate(db, kind, easternDate(now)));
  if (due.length === 0) return [];
  return startTrace(`batches.${kind}-schedule`, () => writeDueBatches(db, kind, now), {
    attributes: { 'portal.batches.dates': due.join(',') },
  });
}

function writeDueBatches(db: Kysely<Database>, kind: BatchKind, now: Date): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const due = batchesToCatchUp(kind, now, await lastBatchDate(trx, kind, easternDate(now)));
    await enqueueMany(
      trx,
      due.map((batchDate) => ({
        name: 'batches.run' as const,
        payload: { kind, batchDate, scheduledFor: batchInstant(kind, batchDate).toISOString() },
        jobId: batchJobId(kind, batchDate),
      })),
    );
    return due;
  });
}
