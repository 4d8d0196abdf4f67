import type { ProducerQueues } from './producer.js';
import type { QueueName } from './queues.js';

export type FailedJob = {
  queue: QueueName;
  id: string;
  name: string;
  attemptsMade: number;
  failedReason: string;
  failedAt: Date | null;
};

/** Failed jobs (they stay in BullMQ's failed set: removeOnFail is false), oldest first. */
export async function listFailedJobs(
  queues: ProducerQueues,
  names: readonly QueueName[],
): Promise<FailedJob[]> {
  const lists = await Promise.all(
    names.map(async (name) => {
      const jobs = await queues.get(name).getFailed(0, -1);
      return jobs.map(
        (job): FailedJob => ({
          queue: name,
          id: job.id ?? '',
          name: job.name,
          attemptsMade: job.attemptsMade,
          failedReason: job.failedReason,
          failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
        }),
      );
    }),
  );
  return lists.flat().sort((a, b) => (a.failedAt?.getTime() ?? 0) - (b.failedAt?.getTime() ?? 0));
}

/** Which failed jobs to replay: these ids only, and/or those that failed at or after `since`. */
export type ReplaySelection = { ids?: readonly string[]; since?: Date };

export function selectFailedJobs(jobs: readonly FailedJob[], selection: ReplaySelection = {}): FailedJob[] {
  return jobs.filter(
    (job) =>
      (!selection.ids?.length || selection.ids.includes(job.id)) &&
      (!selection.since || (job.failedAt !== null && job.failedAt >= selection.since)),
  );
}

/** Moves each selected failed job back to waiting with its attempts counted afresh. Returns those retried. */
export async function retryFailedJobs(
  queues: ProducerQueues,
  names: readonly QueueName[],
  selection: ReplaySelection = {},
): Promise<FailedJob[]> {
  const failed = selectFailedJobs(await listFailedJobs(queues, names), selection);
  const retried: FailedJob[] = [];
  for (const summary of failed) {
    const job = await queues.get(summary.queue).getJob(summary.id);
    if (!job) continue;
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    retried.push(summary);
  }
  return retried;
}
