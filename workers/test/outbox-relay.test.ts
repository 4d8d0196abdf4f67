import {
  claimUnpublished,
  createProducerQueues,
  enqueue,
  type ProducerQueues,
  workerConnection,
} from '@portal/queue';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { quietLogger, REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxRelay, relayBatch, startOutboxRelay } from '../src/relay/outbox-relay.js';

const prefix = randomPrefix();
let t: TestDatabase;
let producersA: ProducerQueues;
let producersB: ProducerQueues;
let relays: OutboxRelay[] = [];
let worker: Worker;
let mailQueue: Queue;
const processed: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  producersA = createProducerQueues({ redisUrl: REDIS_URL, prefix });
  producersB = createProducerQueues({ redisUrl: REDIS_URL, prefix });
  mailQueue = new Queue('mail', { connection: workerConnection(REDIS_URL), prefix });
  worker = new Worker(
    'mail',
    async (job) => {
      processed.push(job.id ?? '');
    },
    { connection: workerConnection(REDIS_URL), prefix, concurrency: 10 },
  );
});

afterAll(async () => {
  await Promise.all(relays.map((relay) => relay.stop()));
  await worker?.close();
  await mailQueue?.obliterate({ force: true });
  await mailQueue?.close();
  await producersA?.close();
  await producersB?.close();
  await t?.drop();
});

const message = (i: number) => ({
  to: [`partner${i}@example.com`],
  subject: `Statement ${i}`,
  text: 'Ready.',
});

async function unpublishedCount() {
  const row = await t.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('published_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function mailCounts() {
  return mailQueue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
}

describe('outbox relay', () => {
  it('skips rows another relay holds', async () => {
    await enqueue(t.db, { name: 'mail.send', payload: message(0) });
    await t.db.transaction().execute(async (trx) => {
      const held = await claimUnpublished(trx, 100);
      expect(held).toHaveLength(1);
      const other = await relayBatch(t.db, producersB);
      expect(other).toMatchObject({ claimed: 0, published: 0 });
    });
    const outcome = await relayBatch(t.db, producersA);
    expect(outcome).toMatchObject({ claimed: 1, published: 1, failed: 0 });
    await waitFor('the first job to complete', async () => (await mailCounts()).completed === 1);
  });

  it('delivers every row exactly once with two relays running', async () => {
    relays = [
      startOutboxRelay({
        handle: t,
        queues: producersA,
        logger: quietLogger,
        tuning: { batchSize: 5, pollMs: 100 },
      }),
      startOutboxRelay({
        handle: t,
        queues: producersB,
        logger: quietLogger,
        tuning: { batchSize: 5, pollMs: 100 },
      }),
    ];
    const ids = await t.db.transaction().execute(async (trx) => {
      const enqueued = [];
      for (let i = 1; i <= 30; i++)
        enqueued.push(await enqueue(trx, { name: 'mail.send', payload: message(i) }));
      return enqueued.map((job) => job.jobId);
    });

    await waitFor('all rows published', async () => (await unpublishedCount()) === 0);
    await waitFor('31 jobs completed', async () => (await mailCounts()).completed === 31);
    expect(processed.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(processed).toHaveLength(31);
  });

  it('keeps a row published twice as one job', async () => {
    // As if a relay crashed after adding to Redis but before its commit.
    await t.db.updateTable('outbox').set({ published_at: null }).execute();
    await waitFor('rows published again', async () => (await unpublishedCount()) === 0);
    expect(await mailCounts()).toMatchObject({ waiting: 0, active: 0, delayed: 0, completed: 31, failed: 0 });
    expect(processed).toHaveLength(31);
  });

  it('wakes on NOTIFY without waiting for its poll', async () => {
    await Promise.all(relays.map((relay) => relay.stop()));
    relays = [
      startOutboxRelay({ handle: t, queues: producersA, logger: quietLogger, tuning: { pollMs: 600_000 } }),
    ];
    await relays[0]!.listening;
    const { jobId } = await enqueue(t.db, { name: 'mail.send', payload: message(99) });
    await waitFor('the notified row to be processed', () => processed.includes(jobId));
    // The worker may run the job before the relay's mark of the row commits: wait for the mark too,
    // still far inside the 10 minutes a poll would take.
    await waitFor('the notified row to be marked published', async () => (await unpublishedCount()) === 0);
    expect(await unpublishedCount()).toBe(0);
  });
});
