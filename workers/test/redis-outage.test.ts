import { enqueue, workerConnection } from '@portal/queue';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import {
  freePort,
  randomPrefix,
  startRedisServer,
  startSmtpServer,
  type TestRedisServer,
  type TestSmtpServer,
  waitFor,
} from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';

// A private redis-server, so the test can take Redis away from the portal and give it back.
const prefix = randomPrefix();
let t: TestDatabase;
let redis: TestRedisServer;
let smtp: TestSmtpServer;
let mail: MailHarness;

beforeAll(async () => {
  t = await createTestDatabase();
  redis = await startRedisServer(await freePort());
  smtp = await startSmtpServer();
  mail = await startMailWorkers({ handle: t, redisUrl: redis.url, prefix, smtp });
});

afterAll(async () => {
  await mail?.stop();
  await redis?.stop();
  await smtp?.close();
  await t?.drop();
});

const arrived = (subject: string) => mail.arrived(subject);

function outboxRow(outboxId: string) {
  return t.db.selectFrom('outbox').selectAll().where('outbox_id', '=', outboxId).executeTakeFirstOrThrow();
}

it('delivers a job enqueued while Redis is down exactly once after Redis returns', async () => {
  // The portal is running and has used Redis: this is an outage, not a cold start.
  await enqueue(t.db, {
    name: 'mail.send',
    payload: { to: ['a@example.com'], subject: 'Before', text: '.' },
  });
  await waitFor('the mail sent before the outage', () => arrived('Before').length === 1);

  await redis.stop();
  const during = { to: ['partner@example.com'], subject: 'During the outage', text: 'Your report is ready.' };
  // Enqueue only writes Postgres: it succeeds with Redis gone.
  const { outboxId, jobId } = await enqueue(t.db, { name: 'mail.send', payload: during });
  const refused = await waitFor('the relay to try and fail', async () => {
    const row = await outboxRow(outboxId);
    return row.attempts >= 1 ? row : undefined;
  });
  expect(refused.published_at).toBeNull();
  expect(refused.last_error).toBeTruthy();

  await redis.start();
  await waitFor('the mail sent after the outage', () => arrived('During the outage').length === 1, 30_000);
  const queue = new Queue('mail', { connection: workerConnection(redis.url), prefix });
  try {
    await waitFor('the job to be completed', async () => (await queue.getJobState(jobId)) === 'completed');
    // Settled before counting: nothing left to run that could send it again. Other mail jobs
    // (a batch's catch-up summary on a slow start) may share the queue, so count this one's.
    await waitFor('the mail queue to drain', async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((count) => count === 0);
    });
    const completed = await queue.getJobs(['completed']);
    expect(completed.filter((job) => job.data?.subject === during.subject)).toHaveLength(1);
    expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });
  } finally {
    await queue.close();
  }
  expect(arrived('During the outage')).toHaveLength(1);
  expect(arrived('During the outage')[0]?.text?.trim()).toBe(during.text);
  expect((await outboxRow(outboxId)).published_at).not.toBeNull();
  const delivery = await t.db
    .selectFrom('mail_deliveries')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
});

it('starts while Redis is down and delivers once Redis comes up', async () => {
  await mail.stop();
  await redis.stop();
  // Returns without Redis: the embedded start script must not hang on a missing queue.
  mail = await startMailWorkers({
    handle: t,
    redisUrl: redis.url,
    prefix,
    smtp,
    relay: { publishTimeoutMs: 500 },
  });
  const { outboxId, jobId } = await enqueue(t.db, {
    name: 'mail.send',
    payload: { to: ['b@example.com'], subject: 'Cold start', text: '.' },
  });
  await waitFor('the relay to try and fail', async () => (await outboxRow(outboxId)).attempts >= 1);

  await redis.start();
  await waitFor('the mail sent once Redis is up', () => arrived('Cold start').length === 1, 30_000);
  await waitFor('the row marked published', async () => (await outboxRow(outboxId)).published_at !== null);
  // Settled before counting: the job completed and nothing left to run that could send it again.
  const queue = new Queue('mail', { connection: workerConnection(redis.url), prefix });
  try {
    await waitFor('the job to be completed', async () => (await queue.getJobState(jobId)) === 'completed');
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).toMatchObject({
      waiting: 0,
      active: 0,
      delayed: 0,
      prioritized: 0,
    });
  } finally {
    await queue.close();
  }
  expect(arrived('Cold start')).toHaveLength(1);
});
