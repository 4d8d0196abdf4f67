import { applyRetention, type Database, maintainPartitions, RETENTION_BATCH_SIZE } from '@portal/db';
import type { RetentionSettings } from '@portal/domain/operations/retention';
import { startTrace } from '@portal/telemetry';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

export type RetentionDependencies = {
  db: Kysely<Database>;
  now: () => Date;
  /** The *_RETENTION_* settings. */
  retention: RetentionSettings;
  /** Rows a delete statement removes at most; tests make it small. */
  batchSize?: number;
};

/**
 * The daily retention pass (packages/queue/src/jobs/retention-apply.ts): partitions made ahead and
 * dropped past their retention, then every other growing table cut back to its bound in batches.
 * At worker start it only makes the coming months' partitions, so writes never miss one.
 */
export function retentionApplyHandler({
  db,
  now,
  retention,
  batchSize = RETENTION_BATCH_SIZE,
}: RetentionDependencies): JobHandler<'retention.apply'> {
  return defineHandler(
    'retention.apply',
    async (_, { logger }) => {
      // Daily, and never idle (it makes the coming partitions at least): a trace per run.
      const run = await startTrace('retention.apply', () => applyRetention(db, retention, now(), batchSize));
      logger.info(run, 'retention applied');
    },
    {
      atStart: {
        what: 'make the coming months’ partitions',
        attempt: async () => {
          await maintainPartitions(db, now());
        },
      },
    },
  );
}
