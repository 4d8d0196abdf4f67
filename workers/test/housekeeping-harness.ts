import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle } from '@portal/db';
import { enqueue, type JobRequest, workerConnection } from '@portal/queue';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { quietLogger, REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { Queue } from 'bullmq';
import { DEFAULT_MAIL_FROM } from '../src/mail/send-mail.js';
import { type RunningWorkers, type StartWorkersOptions, startWorkers } from '../src/start-workers.js';

/** A test database and a real worker process on a random prefix, for the daily housekeeping jobs. */
export type Housekeeping = {
  t: TestDatabase;
  /** The queue the housekeeping jobs and their schedulers are on. */
  monitors: Queue;
  /** Enqueues `name` through the outbox, as any job, and waits until the worker has run it. */
  run(name: 'sessions.purge' | 'retention.apply', jobId: string): Promise<void>;
  stop(): Promise<void>;
};

export async function startHousekeeping(
  options: Partial<Pick<StartWorkersOptions, 'sessionIdleMinutes' | 'retention'>>,
): Promise<Housekeeping> {
  const prefix = randomPrefix();
  const t = await createTestDatabase();
  const monitors = new Queue('monitors', { connection: workerConnection(REDIS_URL), prefix });
  const handle: DatabaseHandle = connect({ databaseUrl: t.url, maxConnections: 4 });
  let workers: RunningWorkers | undefined = await startWorkers({
    handle,
    redisUrl: REDIS_URL,
    prefix,
    mailConfig: { from: DEFAULT_MAIL_FROM, mailDir: join(tmpdir(), 'portal-housekeeping-test-mail') },
    logger: quietLogger,
    relay: { pollMs: 100 },
    ...options,
  });
  return {
    t,
    monitors,
    async run(name, jobId) {
      await enqueue(t.db, { name, payload: {}, jobId } as JobRequest);
      await waitFor(`${jobId} to complete`, async () => {
        const job = await monitors.getJob(jobId);
        if (job && (await job.isFailed())) throw new Error(`${jobId} failed: ${job.failedReason}`);
        return job !== undefined && (await job.isCompleted());
      });
    },
    async stop() {
      await workers?.stop();
      workers = undefined;
      await handle.close();
      await monitors.obliterate({ force: true });
      await monitors.close();
      await t.drop();
    },
  };
}
