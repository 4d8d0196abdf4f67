import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { batchInstant, batchJobId } from '@portal/domain/forms/form-batch';
import { businessDayOnOrAfter } from '@portal/domain/time/business-days';
import { enqueue, workerConnection } from '@portal/queue';
import { LocalDiskStore } from '@portal/storage';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import {
  REDIS_URL,
  randomPrefix,
  startSmtpServer,
  type TestSmtpServer,
  waitFor,
} from '@portal/testing/workers/helpers';
import { type Job, Queue, type Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../src/mail/send-mail.js';
import { observeJobs } from '../src/observability/job-events.js';
import { WorkerMetrics } from '../src/observability/metrics.js';
import { type MetricsServer, startMetricsServer } from '../src/observability/metrics-server.js';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';

// A worker's log lines per job and its /metrics, which only the bearer of METRICS_TOKEN reads.
const TOKEN = 'worker-metrics-token-0123456789';
let t: TestDatabase;
let smtp: TestSmtpServer;
let mailDir: string;
let storeDir: string;
let workers: RunningWorkers;
let server: MetricsServer;
let mailQueue: Queue;
const prefix = randomPrefix();
const metrics = new WorkerMetrics();
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  storeDir = await mkdtemp(join(tmpdir(), 'portal-batches-'));
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  workers = await startWorkers({
    handle: t,
    redisUrl: REDIS_URL,
    prefix,
    queues: ['mail', 'batches', 'notifications'],
    mailConfig: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir },
    store: new LocalDiskStore({ root: storeDir }),
    logger: pino({ level: 'info' }, sink),
    relay: { pollMs: 100 },
    metrics,
  });
  server = await startMetricsServer({ registry: metrics.registry, token: TOKEN, port: 0, host: '127.0.0.1' });
  mailQueue = new Queue('mail', { connection: workerConnection(REDIS_URL), prefix });
});

afterAll(async () => {
  await workers?.stop();
  await mailQueue?.obliterate({ force: true });
  await mailQueue?.close();
  await server?.close();
  await smtp?.close();
  await t?.drop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
  if (storeDir) await rm(storeDir, { recursive: true, force: true });
});

const scrape = (headers: Record<string, string> = {}, path = '/metrics') =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { headers });

it('logs one line when a job starts and one when it finishes, with job id, queue and duration', async () => {
  const { jobId } = await enqueue(t.db, {
    name: 'mail.send',
    payload: { to: ['ops@example.com'], subject: 'Observed', text: '.' },
  });
  await waitFor('the job to finish', () => lines.find((l) => l.msg === 'job finished' && l.jobId === jobId));
  const started = lines.filter((l) => l.msg === 'job started' && l.jobId === jobId);
  const finished = lines.filter((l) => l.msg === 'job finished' && l.jobId === jobId);
  expect(started).toHaveLength(1);
  expect(finished).toHaveLength(1);
  expect(finished[0]).toMatchObject({ queue: 'mail', job: 'mail.send', jobId });
  expect(finished[0]?.durationMs).toEqual(expect.any(Number));
});

it('logs the routine lines of a job that fires every 15 s at debug only', async () => {
  const { jobId } = await enqueue(t.db, { name: 'subscriptions.dispatch', payload: {} });
  const queue = new Queue('notifications', { connection: workerConnection(REDIS_URL), prefix });
  try {
    await waitFor('the dispatch to complete', async () => (await queue.getJobState(jobId)) === 'completed');
  } finally {
    await queue.close();
  }
  // Given the time to be logged, as the mail job's lines are above.
  await waitFor('a later mail job to be logged', async () => {
    const later = await enqueue(t.db, {
      name: 'mail.send',
      payload: { to: ['ops@example.com'], subject: 'Later', text: '.' },
    });
    return waitFor('its line', () => lines.find((l) => l.msg === 'job finished' && l.jobId === later.jobId));
  });
  expect(lines.filter((l) => l.jobId === jobId)).toEqual([]);
  expect(lines.some((l) => l.job === 'subscriptions.dispatch')).toBe(false);
});

it('counts jobs and mail on /metrics for the bearer of METRICS_TOKEN', async () => {
  // Besides the mail above, the batches caught up at start mail their summaries: count them all
  // once the mail has settled, and compare with what the mail server received.
  const sent = await waitFor('every mail sent to be counted', async () => {
    const counted = (await metrics.mailSent.get()).values[0]?.value ?? 0;
    const unpublished = await t.db
      .selectFrom('outbox')
      .select('outbox_id')
      .where('published_at', 'is', null)
      .execute();
    const pending = Object.values(
      await mailQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
    );
    const settled = unpublished.length === 0 && pending.every((count) => count === 0);
    return settled && counted >= 1 && counted === smtp.messages.length && counted;
  });
  const reply = await scrape({ authorization: `Bearer ${TOKEN}` });
  expect(reply.status).toBe(200);
  const body = await reply.text();
  expect(body).toMatch(new RegExp(`^portal_mail_sent_total ${sent}$`, 'm'));
  expect(body).toMatch(/^portal_mail_failed_total 0$/m);
  expect(body).toMatch(
    new RegExp(
      `portal_job_duration_seconds_count\\{queue="mail",job="mail\\.send",outcome="completed"\\} ${sent}\\b`,
    ),
  );
  expect(body).toMatch(/portal_job_last_success_timestamp_seconds\{queue="mail",job="mail\.send"\} \d/);
});

it('tells the invoices batch from the disputes batch in the last success of each schedule', async () => {
  // One job name for both batches: only the label says which schedule has stopped running.
  const day = businessDayOnOrAfter('2090-01-03');
  for (const kind of ['invoices', 'disputes'] as const) {
    await enqueue(t.db, {
      name: 'batches.run',
      payload: { kind, batchDate: day, scheduledFor: batchInstant(kind, day).toISOString() },
      jobId: batchJobId(kind, day),
    });
  }
  const ran = (table: 'invoice_batches' | 'dispute_batches') =>
    t.db.selectFrom(table).select('batch_id').where('batch_date', '=', day).where('status', '=', 'completed');
  await waitFor('both batches of the day to run', async () => {
    const [invoices, disputes] = await Promise.all([
      ran('invoice_batches').executeTakeFirst(),
      ran('dispute_batches').executeTakeFirst(),
    ]);
    return invoices && disputes;
  });
  await waitFor('both runs to be counted', async () => {
    const { values } = await metrics.lastSuccess.get();
    return values.filter((v) => v.labels.job === 'batches.run' && v.labels.schedule).length === 2;
  });
  const body = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
  for (const schedule of ['invoices-batch-schedule', 'disputes-batch-schedule']) {
    expect(body).toMatch(
      new RegExp(
        `^portal_job_last_success_timestamp_seconds\\{queue="batches",job="batches\\.run",schedule="${schedule}"\\} \\d`,
        'm',
      ),
    );
  }
  expect(body).not.toMatch(/job="batches\.run"\}/);
});

it('refuses anyone without the token', async () => {
  const attempts: Record<string, string>[] = [
    {},
    { authorization: `Bearer ${TOKEN}0` },
    { authorization: TOKEN },
    { cookie: 'portal_session=x' },
  ];
  for (const headers of attempts) {
    const reply = await scrape(headers);
    expect(reply.status).toBe(401);
    expect(await reply.text()).not.toContain('portal_');
  }
  expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '/other')).status).toBe(404);
});

it("stamps a job's last success with the workers' clock, and measures a failure that will be retried", async () => {
  const events = new EventEmitter();
  const own = new WorkerMetrics();
  const logged: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const clock = new Date('2031-05-06T07:08:09.000Z');
  observeJobs(events as unknown as Worker, 'mail', pino({ level: 'info' }, sink), {
    metrics: own,
    now: () => clock,
  });
  // BullMQ gives a failure that will be retried no finishing time: its duration is measured.
  const job = {
    name: 'mail.send',
    id: '7',
    data: {},
    attemptsStarted: 1,
    attemptsMade: 1,
    opts: { attempts: 3 },
  };
  events.emit('active', job);
  events.emit('failed', job, new Error('refused'));
  events.emit('active', job);
  events.emit('completed', job as unknown as Job);
  await waitFor('both lines', () => logged.length === 4);
  const failed = logged.find((line) => line.msg === 'job failed');
  expect(failed).toMatchObject({ jobId: '7', willRetry: true, durationMs: expect.any(Number) });
  expect(logged.find((line) => line.msg === 'job finished')?.durationMs).toEqual(expect.any(Number));
  const { values } = await own.lastSuccess.get();
  expect(values).toEqual([
    expect.objectContaining({ labels: { queue: 'mail', job: 'mail.send' }, value: clock.getTime() / 1000 }),
  ]);
});
