import { performance } from 'node:perf_hooks';
import { findJobDefinition } from '@portal/queue';
import type { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { WorkerMetrics } from './metrics.js';
import { scheduleOf } from './schedule-label.js';

/**
 * One log line per job start, finish and failure (job id, queue, name, attempt, duration), and the
 * job metrics. Listens to the worker's events, so handlers stay free of bookkeeping. A duration is
 * measured from the job's start event (a failure that will be retried has no finishing time in
 * BullMQ); the last success is stamped by the workers' clock.
 */
export function observeJobs(
  worker: Worker,
  queue: string,
  logger: Logger,
  options: { metrics?: WorkerMetrics; now: () => Date },
): void {
  const { metrics, now } = options;
  const started = new WeakMap<Job, number>();
  const durationMs = (job: Job) => {
    const start = started.get(job);
    started.delete(job);
    return start === undefined ? undefined : Math.round(performance.now() - start);
  };
  const fields = (job: Job) => ({ queue, job: job.name, jobId: job.id, attempt: job.attemptsStarted });
  // A job that fires every few seconds logs its routine lines at debug (JobDefinition.quiet).
  const routine = (job: Job) =>
    (findJobDefinition(job.name)?.quiet ? logger.debug : logger.info).bind(logger);

  worker.on('active', (job) => {
    started.set(job, performance.now());
    routine(job)(fields(job), 'job started');
  });

  worker.on('completed', (job) => {
    const ms = durationMs(job);
    routine(job)({ ...fields(job), durationMs: ms }, 'job finished');
    metrics?.jobDuration.observe({ queue, job: job.name, outcome: 'completed' }, (ms ?? 0) / 1000);
    const schedule = scheduleOf(job.name, job.data);
    metrics?.lastSuccess.set({ queue, job: job.name, ...(schedule && { schedule }) }, now().getTime() / 1000);
    if (queue === 'mail') metrics?.mailSent.inc();
  });

  worker.on('failed', (job, error) => {
    if (!job) {
      logger.warn({ queue, err: error }, 'job failed');
      return;
    }
    const ms = durationMs(job);
    const willRetry = job.attemptsMade < (job.opts.attempts ?? 1);
    logger.warn(
      { ...fields(job), durationMs: ms, attemptsMade: job.attemptsMade, willRetry, err: error },
      'job failed',
    );
    metrics?.jobDuration.observe({ queue, job: job.name, outcome: 'failed' }, (ms ?? 0) / 1000);
    metrics?.jobFailures.inc({ queue, job: job.name });
    if (queue === 'mail') metrics?.mailFailed.inc();
  });
}
