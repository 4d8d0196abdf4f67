import type { WorkerOptions } from 'bullmq';

/**
 * BullMQ worker settings that decide how fast work flows again after Redis comes back, and what
 * happens to a job whose worker died:
 * - runRetryDelay: BullMQ waits this long after a failed Redis call before fetching again. Its
 *   default, 15 s, was most of the 6–8 s pause seen after each Redis outage.
 * - drainDelay: seconds a blocking fetch waits on an empty queue; the fetch is cut short by a new
 *   job anyway, and a shorter one notices a reconnected Redis sooner.
 * - stalledInterval: how often a worker looks for jobs whose worker died (their lock expired) and
 *   puts them back; 10 s instead of 30 s.
 * - maxStalledCount: every handler is idempotent (event ids, delivery claims, day claims), so a job
 *   caught by several outages may stall more than once without failing for good.
 */
export const workerTuning = {
  runRetryDelay: 500,
  drainDelay: 2,
  stalledInterval: 10_000,
  maxStalledCount: 5,
} satisfies Partial<WorkerOptions>;
