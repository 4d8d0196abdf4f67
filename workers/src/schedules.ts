import { type JobDefinition, type JobSchedule, jobOptions, withTimeout } from '@portal/queue';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { RegisteredJob, StartupStep } from './registry.js';

const RETRY_MS = { first: 500, max: 30_000 };

export type StartupSteps = { stop(): Promise<void> };

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
          await step.attempt(logger);
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
  schedule: JobSchedule,
  job: JobDefinition,
): Promise<void> {
  await withTimeout(
    queue.upsertJobScheduler(
      schedule.id,
      { pattern: schedule.cron, tz: schedule.tz },
      { name: job.name, data: {}, opts: jobOptions(job) },
    ),
    5000,
    'Redis',
  );
}

/**
 * The one loop that starts what jobs declare: for each job of a consumed queue, its handler's
 * start-up step (catching up what was missed while no worker ran) and then its schedule. Each
 * job's steps run on their own, so one that waits for Redis or Postgres holds up no other.
 */
export function startJobSchedules(options: {
  jobs: RegisteredJob[];
  queueOf: (job: JobDefinition) => Queue;
  logger: Logger;
}): StartupSteps {
  const running = options.jobs.flatMap(({ definition, handler }) => {
    const steps: StartupStep[] = [];
    if (handler.atStart) steps.push(handler.atStart);
    const { schedule } = definition;
    if (schedule) {
      steps.push({
        what: `set the schedule of ${definition.name}`,
        attempt: async (logger) => {
          await upsertScheduler(options.queueOf(definition), schedule, definition);
          logger.debug({ cron: schedule.cron, tz: schedule.tz }, 'schedule in place');
        },
      });
    }
    if (steps.length === 0) return [];
    return [runStartupSteps(options.logger.child({ job: definition.name }), steps)];
  });
  return {
    async stop() {
      await Promise.all(running.map((steps) => steps.stop()));
    },
  };
}
