import { type JobDefinition, jobOptions, withTimeout } from '@portal/queue';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';

const RETRY_MS = { first: 500, max: 30_000 };

export type StartupSteps = { stop(): Promise<void> };

export type StartupStep = {
  /** What the step does, for the log: 'set the session purge schedule'. */
  what: string;
  attempt: () => Promise<void>;
};

/**
 * Runs each step in turn at worker start, retrying a failing one with exponential backoff
 * (Redis may be down when the worker starts) until it succeeds or the worker stops.
 */
export function runStartupSteps(logger: Logger, steps: StartupStep[]): StartupSteps {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  const run = async () => {
    for (const step of steps) {
      for (let delay = RETRY_MS.first; !stopped; delay = Math.min(delay * 2, RETRY_MS.max)) {
        try {
          await step.attempt();
          break;
        } catch (error) {
          if (delay === RETRY_MS.first) logger.warn({ err: error }, `could not ${step.what}; retrying`);
          await pause(delay);
        }
      }
    }
  };
  const running = run();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}

/** Puts a BullMQ job scheduler in place; idempotent, so every worker may do it. */
export async function upsertScheduler(
  queue: Queue,
  schedulerId: string,
  repeat: { pattern: string; tz: string },
  job: JobDefinition,
): Promise<void> {
  await withTimeout(
    queue.upsertJobScheduler(schedulerId, repeat, { name: job.name, data: {}, opts: jobOptions(job) }),
    5000,
    'Redis',
  );
}
