import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle, insertWebhookEndpoint, migrateToLatest } from '@portal/db';
import { enqueue, workerConnection } from '@portal/queue';
import { newUser } from '@portal/testing/db';
import { quietLogger, REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import {
  queueTestDelivery,
  startWebhookReceiver,
  testWebhookSettings,
  type WebhookReceiver,
} from '@portal/testing/workers/webhook-receiver';
import { generateSecret, sealSecret } from '@portal/webhooks';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../src/mail/send-mail.js';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';

// `npm start` on a bare machine: PGlite in the API's process, workers beside it, mail as files.
const prefix = randomPrefix();
const webhooks = testWebhookSettings({
  secretKey: randomBytes(32),
  allowedRanges: ['127.0.0.2/32'],
  retryBaseMs: 30_000,
  disableAfterFailures: 50,
});
let handle: DatabaseHandle;
let mailDir: string;
let workers: RunningWorkers;
let receiver: WebhookReceiver;

beforeAll(async () => {
  handle = connect({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  receiver = await startWebhookReceiver();
  workers = await startWorkers({
    handle,
    redisUrl: REDIS_URL,
    prefix,
    mailConfig: { from: DEFAULT_MAIL_FROM, mailDir },
    logger: quietLogger,
    relay: { pollMs: 100 },
    webhooks,
  });
});

afterAll(async () => {
  await receiver?.close();
  await workers?.stop();
  for (const name of ['mail', 'webhooks']) {
    const queue = new Queue(name, { connection: workerConnection(REDIS_URL), prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await handle?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

it('relays by polling and writes the message as an .eml file', async () => {
  const payload = { to: ['demo@portal.local'], subject: 'Welcome', text: 'Hello from the demo.' };
  const { jobId } = await enqueue(handle.db, { name: 'mail.send', payload });
  await waitFor('the .eml file', async () => (await readdir(mailDir)).includes(`${jobId}.eml`));
  await waitFor('the delivery marked sent', async () => {
    const delivery = await handle.db
      .selectFrom('mail_deliveries')
      .select('status')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return delivery?.status === 'sent';
  });
  // On a fresh database the workers also catch up the nightly batches missed since the last
  // business day, and mail their summaries beside it: only this job's files are counted.
  expect((await readdir(mailDir)).filter((name) => name.startsWith(jobId))).toEqual([`${jobId}.eml`]);
  const row = await handle.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
  expect(row.published_at).not.toBeNull();
});

it("sends webhooks on PGlite's one connection, holding nothing while a receiver keeps it waiting", async () => {
  await newUser(handle.db, { userId: 'svc-embedded' });
  const endpoint = async (path: string) => {
    const secret = generateSecret();
    receiver.expectSecret(path, secret);
    return insertWebhookEndpoint(handle.db, {
      serviceAccountId: 'svc-embedded',
      url: `${receiver.origin}${path}`,
      description: '',
      eventTypes: ['report.available'],
      partnerIds: [],
      categoryCodes: [],
      secretSealed: sealSecret(webhooks.secretKey, secret),
      createdBy: 'svc-embedded',
    });
  };
  let answer: (value: { status: number }) => void = () => {};
  receiver.answer('/slow', () => new Promise((resolve) => (answer = resolve)));
  const slow = await queueTestDelivery(handle.db, await endpoint('/slow'));
  await waitFor('the slow delivery in flight', () => receiver.at('/slow').length === 1, 20_000);

  // The attempt waits on its receiver; the claim that leased it has committed, so the API's
  // statements (and another delivery's) still get the one connection.
  const lease = await handle.db
    .selectFrom('webhook_deliveries')
    .select(['status', 'claimed_until'])
    .where('delivery_id', '=', slow)
    .executeTakeFirstOrThrow();
  expect(lease.status).toBe('pending');
  expect(lease.claimed_until).not.toBeNull();
  const quick = await queueTestDelivery(handle.db, await endpoint('/quick'));
  const status = async (deliveryId: string) =>
    (
      await handle.db
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('delivery_id', '=', deliveryId)
        .executeTakeFirstOrThrow()
    ).status;
  await waitFor(
    'the quick one delivered beside it',
    async () => (await status(quick)) === 'succeeded',
    20_000,
  );
  expect(receiver.at('/quick')).toMatchObject([{ webhookId: quick, verified: true }]);

  answer({ status: 200 });
  await waitFor('the slow one recorded', async () => (await status(slow)) === 'succeeded', 20_000);
  expect(receiver.at('/slow')).toMatchObject([{ webhookId: slow, verified: true }]);
});
