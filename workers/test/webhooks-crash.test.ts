import { randomBytes } from 'node:crypto';
import { insertWebhookEndpoint, setUserAccess } from '@portal/db';
import {
  createTestDatabase,
  ensureReferenceData,
  newPartner,
  newUser,
  type TestDatabase,
} from '@portal/testing/db';
import { REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import {
  queueTestDelivery,
  replayDeliveryJob,
  startWebhookReceiver,
  testWebhookSettings,
  type WebhookReceiver,
} from '@portal/testing/workers/webhook-receiver';
import { generateSecret, sealSecret } from '@portal/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

// At-least-once across a crash (issue 28): a worker process killed (SIGKILL) while its delivery is
// in flight leaves the delivery's lease to run out, and another worker claims it and sends it again
// with the same webhook-id; once that one is recorded as succeeded, a job of the former
// webhooks.deliver for it (a replay, one left in Redis by an upgrade) sends nothing more. The
// receiver speaks https; the worker process trusts its CA through NODE_EXTRA_CA_CERTS.

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
      WEBHOOK_RETRY_BASE_MS: '50',
      // The lease is both timeouts (resolving, connecting), the response's and 15 s: 22 s here.
      WEBHOOK_CONNECT_TIMEOUT_MS: '1000',
      WEBHOOK_RESPONSE_TIMEOUT_MS: '5000',
      NODE_EXTRA_CA_CERTS: receiver.caFile,
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
    webhooks: testWebhookSettings({
      secretKey: key,
      allowedRanges: ['127.0.0.2/32'],
      retryBaseMs: 50,
      disableAfterFailures: 50,
    }),
  });
  // The dead worker's lease runs out (22 s after its claim), then the survivor claims it again.
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
