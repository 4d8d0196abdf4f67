import type { BatchKind } from '@portal/domain/forms/form-batch';
import { defineHandler, type JobHandler } from '../registry.js';
import { type BatchDependencies, runBatch } from './run-batch.js';
import { enqueueDueBatches } from './schedule.js';

/** The job scheduler fires at the batch time by the Redis host's clock; a worker a little behind still sees it due. */
const CLOCK_TOLERANCE_MS = 60_000;

/**
 * Fired at the batch time of `kind` by the schedule declared on the job. At worker start it also
 * runs the batches missed while every worker was down (through the outbox, so Redis may be down).
 */
export function batchesScheduleHandler<K extends BatchKind>(
  kind: K,
  { db, now }: BatchDependencies,
): JobHandler<`batches.${K}-schedule`> {
  const name = `batches.${kind}-schedule` as `batches.${K}-schedule`;
  return defineHandler(
    name,
    async (_, { logger }) => {
      const due = await enqueueDueBatches(db, kind, new Date(now().getTime() + CLOCK_TOLERANCE_MS));
      logger.info({ due }, 'batch runs enqueued');
    },
    {
      atStart: {
        what: `catch up missed ${kind} batches`,
        attempt: async (logger) => {
          const due = await enqueueDueBatches(db, kind, now());
          if (due.length > 0) logger.info({ due }, 'catching up batches');
        },
      },
    },
  ) as JobHandler<`batches.${K}-schedule`>;
}

export function batchesRunHandler(deps: BatchDependencies): JobHandler<'batches.run'> {
  return defineHandler('batches.run', async ({ kind, batchDate, scheduledFor }, { logger }) => {
    const outcome = await runBatch(deps, { kind, batchDate, scheduledFor: new Date(scheduledFor) });
    logger.info(outcome, 'batch run');
  });
}
