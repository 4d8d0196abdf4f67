import type { Database } from '@portal/db';
import type { Kysely } from 'kysely';
import { insertOutboxRows, type OutboxRowValues, toOutboxRow } from './enqueue-many.js';
import type { JobRequest } from './jobs/index.js';

export type BatchedEnqueue = {
  /** Resolves once the job's outbox row is committed (with the others of its batch). */
  enqueue(request: JobRequest): Promise<void>;
  /** Writes what is waiting and waits for every batch in flight. */
  close(): Promise<void>;
};

type Waiting = { row: OutboxRowValues; resolve: () => void; reject: (error: unknown) => void };

/**
 * Group commit for jobs that stand alone (no domain change of their own to commit with): calls
 * arriving within `maxWaitMs` of each other share one INSERT and one commit, so a burst of
 * tracking calls costs one WAL flush per batch instead of one per call. Each caller still hears
 * back only once its row is durable; a request that is invalid fails alone, before any batch.
 */
export function createBatchedEnqueue(
  db: Kysely<Database>,
  { maxWaitMs = 2, maxBatch = 500 }: { maxWaitMs?: number; maxBatch?: number } = {},
): BatchedEnqueue {
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    const written: Promise<void> = insertOutboxRows(
      db,
      batch.map((w) => w.row),
    )
      .then(
        () => {
          for (const w of batch) w.resolve();
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => inFlight.delete(written));
    inFlight.add(written);
  };

  return {
    enqueue(request) {
      const row = toOutboxRow(request);
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        if (waiting.length >= maxBatch) flush();
        else timer ??= setTimeout(flush, maxWaitMs);
      });
    },
    async close() {
      flush();
      await Promise.all([...inFlight]);
    },
  };
}
