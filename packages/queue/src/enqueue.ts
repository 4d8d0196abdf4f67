import type { Db } from '@portal/db';
import { currentTraceparent } from '@portal/telemetry';
import { assertPayload, type JobDefinition } from './job-definition.js';
import { findJobDefinition, type JobRequest } from './jobs/index.js';

export type Enqueued = { outboxId: string; jobId: string };

/** BullMQ refuses integer ids and ids with ':' (kept for its own repeatable jobs). */
export function assertCustomJobId(jobId: string): void {
  if (jobId === '' || `${Number.parseInt(jobId, 10)}` === jobId) {
    throw new Error(`jobId "${jobId}" must be a non-empty, non-integer string`);
  }
  if (jobId.includes(':')) {
    throw new Error(
      `jobId "${jobId}" must not contain ':' (BullMQ forbids it); use e.g. monitors-check-2026-11-23`,
    );
  }
}

/**
 * Writes the job into the outbox inside the caller's transaction: the domain change and its job
 * commit together, and Redis being down never fails the caller. The relay publishes it to BullMQ,
 * in the trace of the span that wrote it.
 */
export async function enqueue(db: Db, request: JobRequest): Promise<Enqueued> {
  const definition = findJobDefinition(request.name);
  if (!definition) throw new Error(`Unknown job "${request.name}"`);
  // Widened: TypeScript cannot infer one schema type from the union of every job's definition.
  assertPayload(definition as JobDefinition, request.payload);
  if (request.jobId !== undefined) assertCustomJobId(request.jobId);
  const row = await db
    .insertInto('outbox')
    .values({
      queue: definition.queue,
      job_name: definition.name,
      payload: JSON.stringify(request.payload),
      job_id: request.jobId ?? null,
      traceparent: currentTraceparent(),
    })
    .returning(['outbox_id', 'job_id'])
    .executeTakeFirstOrThrow();
  return { outboxId: row.outbox_id, jobId: row.job_id ?? row.outbox_id };
}
