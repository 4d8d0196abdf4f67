import type { Db } from '@portal/db';
import { currentTraceparent } from '@portal/telemetry';
import { sql } from 'kysely';
import { assertCustomJobId } from './enqueue.js';
import { assertPayload } from './job-definition.js';
import { findJobDefinition, type JobRequest } from './jobs/index.js';

/**
 * `enqueue` for many jobs in one statement, inside the caller's transaction: a check that mails
 * thousands of owners writes its outbox rows with one INSERT, not one per message. Every request
 * is validated before anything is written.
 */
export async function enqueueMany(db: Db, requests: readonly JobRequest[]): Promise<number> {
  if (requests.length === 0) return 0;
  return insertOutboxRows(db, requests.map(toOutboxRow));
}

export type OutboxRowValues = {
  queue: string;
  job_name: string;
  payload: unknown;
  job_id: string | null;
  /** The caller's span, read when the request is made (a batched write commits later). */
  traceparent: string | null;
};

/** The outbox row of a job request; throws on an unknown job, a bad payload or a bad job id. */
export function toOutboxRow(request: JobRequest): OutboxRowValues {
  const definition = findJobDefinition(request.name);
  if (!definition) throw new Error(`Unknown job "${request.name}"`);
  assertPayload(definition, request.payload);
  if (request.jobId !== undefined) assertCustomJobId(request.jobId);
  return {
    queue: definition.queue,
    job_name: definition.name,
    payload: request.payload,
    job_id: request.jobId ?? null,
    traceparent: currentTraceparent(),
  };
}

export async function insertOutboxRows(db: Db, rows: readonly OutboxRowValues[]): Promise<number> {
  // One JSON parameter whatever the count: no bind-parameter limit, the same on Postgres and PGlite.
  const result = await sql`
    insert into outbox (queue, job_name, payload, job_id, traceparent)
    select queue, job_name, payload, job_id, traceparent
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(queue text, job_name text, payload jsonb, job_id text, traceparent text)
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
