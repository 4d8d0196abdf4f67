import { createHash } from 'node:crypto';
import { findJobDefinition, jobOptions, type OutboxRow } from '@portal/queue';

// A job whose definition this process does not know (a newer deployment wrote it) still goes to
// its queue: the worker that knows it will run it.
const unknownJobPolicy = { attempts: 5, backoff: { type: 'exponential', delay: 10_000 } } as const;

/** One BullMQ job to add, and the outbox rows it carries. */
export type BullJob = {
  queue: string;
  name: string;
  data: unknown;
  opts: ReturnType<typeof jobOptions> & { jobId: string };
  outboxIds: string[];
  /** The trace the add continues: the row's, or a group's first row's. */
  traceparent: string | null;
};

/**
 * The id of a group: the same rows give the same id (a group published twice is one job), other
 * rows another id, so a payload in two groups is run twice rather than lost (handlers are
 * idempotent per payload). A group of one keeps its row's id, as an ungrouped job does.
 */
function groupJobId(rows: OutboxRow[]): string {
  if (rows.length === 1) return rows[0]!.outbox_id;
  const ids = rows.map((row) => row.outbox_id).sort();
  return `group-${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 40)}`;
}

/**
 * The BullMQ jobs for claimed outbox rows: one per row, except rows of a grouped job (without a
 * deterministic id of their own), which become one job per job name holding their payloads.
 */
export function toBullJobs(rows: OutboxRow[]): BullJob[] {
  const jobs: BullJob[] = [];
  const groups = new Map<string, OutboxRow[]>();
  for (const row of rows) {
    const definition = findJobDefinition(row.job_name);
    if (definition?.grouped && row.job_id === null) {
      const key = `${row.queue}\u0000${row.job_name}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
      continue;
    }
    jobs.push({
      queue: row.queue,
      name: row.job_name,
      data: row.payload,
      opts: { ...jobOptions(definition ?? unknownJobPolicy), jobId: row.job_id ?? row.outbox_id },
      outboxIds: [row.outbox_id],
      traceparent: row.traceparent,
    });
  }
  for (const members of groups.values()) {
    const first = members[0]!;
    jobs.push({
      queue: first.queue,
      name: first.job_name,
      data: members.map((row) => row.payload),
      opts: {
        ...jobOptions(findJobDefinition(first.job_name) ?? unknownJobPolicy),
        jobId: groupJobId(members),
      },
      outboxIds: members.map((row) => row.outbox_id),
      // One job, one parent: a group (tracking calls, wake-ups) continues its first traced row.
      traceparent: members.find((row) => row.traceparent !== null)?.traceparent ?? null,
    });
  }
  return jobs;
}
