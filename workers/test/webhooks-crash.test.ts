import { randomBytes } from 'node:crypto';
import { insertWebhookEndpoint, setUserAccess } from '@portal/db';
import {
  createTestDatabase,
  ensureReferenceData,
  newPartner,
  newUser,
  type TestDatabase,
} from '@portal/db/testing';
import { generateSecret, sealSecret } from '@portal/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REDIS_URL, randomPrefix, waitFor } from './helpers.js';
import { type MailHarness, startMailWorkers } from './mail-harness.js';
import {
  queueTestDelivery,
  replayDeliveryJob,
  startWebhookReceiver,
  type WebhookReceiver,
} from './webhook-receiver.js';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

// At-least-once across a crash (issue 28): a worker process killed (SIGKILL) while its delivery is
// in flight leaves the job to BullMQ's stalled-job check, and another worker sends it again with
// the same webhook-id; once that one is recorded as succeeded, running the job again (a replay, a
// second crash) sends nothing more.

const key = randomBytes(32);
const prefix = randomPrefix();
let t: TestDatabase;
let receiver: WebhookReceiver;
let crashing: WorkerProcess | undefined;
let survivor: MailHarness | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureReferenceData(t.db);
  await newUser(t.db, { userId: 'owner', email: 'owner@portal.example', isExternalUser: false });
  await newUser(t.db, { userId: 'svc-crash' });
  await t.db
    .updateTable('users')
    .set({ is_service_account: true })
    .where('user_id', '=', 'svc-crash')
    .execute();
  await newPartner(t.db, { code: 'ACME' });
  await setUserAccess(t.db, 'svc-crash', {
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'ACME' }],
  });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await crashing?.kill();
  await survivor?.stop();
  await receiver?.close();
  await t?.drop();
});

it('sends a delivery cut off by a crash again under its webhook-id, and never once it succeeded', async () => {
  const secret = generateSecret();
  const partner = await t.db.selectFrom('partners').select('partner_id').executeTakeFirstOrThrow();
  const endpointId = await insertWebhookEndpoint(t.db, {
    serviceAccountId: 'svc-crash',
    url: `${receiver.origin}/crash`,
    description: '',
    eventTypes: ['report.available'],
    partnerIds: [partner.partner_id],
    categoryCodes: [],
    secretSealed: sealSecret(key, secret),
    createdBy: 'owner',
  });
  receiver.expectSecret('/crash', secret);
  // The first delivery is never answered: the worker dies waiting for it.
  receiver.answer('/crash', (n) => (n === 0 ? new Promise(() => {}) : { status: 200 }));

  crashing = startWorkerProcess({
    clockAt: new Date(),
    env: {
      DATABASE_URL: t.url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      WORKER_QUEUES: 'webhooks',
      WEBHOOK_SECRET_KEY: key.toString('hex'),
      WEBHOOK_ALLOWED_RANGES: '127.0.0.2/32',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_BASE_MS: '50',
    },
  });
  const deliveryId = await queueTestDelivery(t.db, endpointId);
  await waitFor('the delivery in flight', () => receiver.at('/crash').length === 1, 30_000);
  await crashing.kill();
  const cutOff = await t.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirstOrThrow();
  expect(cutOff).toMatchObject({ status: 'pending', attempts: 0 });

  survivor = await startMailWorkers({
    handle: t,
    redisUrl: REDIS_URL,
    prefix,
    queues: ['webhooks'],
    webhooks: {
      secretKey: key,
      allowedRanges: ['127.0.0.2/32'],
      allowHttp: true,
      retryBaseMs: 50,
      disableAfterFailures: 50,
    },
  });
  // The dead worker's lock on the job runs out (30 s), then the stalled-job check puts it back.
  await waitFor('sent again after the crash', () => receiver.at('/crash').length === 2, 75_000);
  const status = async () =>
    (
      await t.db
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('delivery_id', '=', deliveryId)
        .executeTakeFirstOrThrow()
    ).status;
  await waitFor('recorded as succeeded', async () => (await status()) === 'succeeded', 10_000);
  expect(receiver.at('/crash').map((r) => [r.webhookId, r.verified])).toEqual([
    [deliveryId, true],
    [deliveryId, true],
  ]);

  await replayDeliveryJob(REDIS_URL, prefix, deliveryId);
  expect(receiver.at('/crash')).toHaveLength(2);
});
