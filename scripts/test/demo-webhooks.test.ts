import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, ensureReferenceData, newPartner, type TestDatabase } from '@portal/db/testing';
import { waitFor } from '@portal/domain/wait-for';
import { TEST_REDIS_URL } from '@portal/testing';
import { type MailHarness, startMailWorkers } from '@portal/workers/testing/mail-harness';
import { testWebhookSettings } from '@portal/workers/testing/webhook-receiver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO_SERVICE_ACCOUNT,
  type ReceivedEvent,
  seedDemoWebhook,
  startDemoWebhookReceiver,
} from '../demo-webhooks.js';

// The demo webhook endpoint of `npm start` (issue 28): seeded once, it gets its test event from the
// real workers, and the dev tools' receiver verifies its signature; a forged one is refused. The
// workers open what `npm start` opens: the receiver's one port of 127.0.0.1, no other.

const secretKey = randomBytes(32);
let t: TestDatabase;
let receiver: { server: Server; url: string };
let port: number;
let workers: MailHarness;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureReferenceData(t.db);
  await newPartner(t.db, { code: 'BJS', name: "BJ's Wholesale Club" });
  receiver = await startDemoWebhookReceiver(0);
  port = (receiver.server.address() as AddressInfo).port;
  workers = await startMailWorkers({
    handle: t,
    redisUrl: TEST_REDIS_URL,
    webhooks: testWebhookSettings({
      secretKey,
      allowedRanges: [`127.0.0.1/32:${port}`],
      allowHttp: true,
      retryBaseMs: 100,
      disableAfterFailures: 50,
    }),
  });
});

afterAll(async () => {
  await workers?.stop();
  receiver?.server.close();
  await t?.drop();
});

const events = async (): Promise<ReceivedEvent[]> =>
  ((await (await fetch(`${receiver.url}/events`)).json()) as { events: ReceivedEvent[] }).events;

it('registers the demo endpoint once and its test event arrives signed', async () => {
  // The receiver listens where the system put it, as if DEMO_WEBHOOK_PORT named that port.
  expect(await seedDemoWebhook(t.db, secretKey, port)).toBe(true);
  expect(await seedDemoWebhook(t.db, secretKey, port)).toBe(false);
  const endpoints = await t.db
    .selectFrom('webhook_endpoints')
    .select(['service_account_id', 'url', 'event_types'])
    .execute();
  expect(endpoints).toEqual([
    {
      service_account_id: DEMO_SERVICE_ACCOUNT,
      url: `${receiver.url}/webhooks`,
      event_types: ['report.available', 'report.replaced', 'report.deleted', 'monitor.missing'],
    },
  ]);

  const [arrived] = await waitFor('the test event at the demo receiver', async () => {
    const list = await events();
    return list.length > 0 ? list : undefined;
  });
  expect(arrived).toMatchObject({ verified: true, type: 'webhook.test' });
  const delivery = await t.db
    .selectFrom('webhook_deliveries')
    .select(['delivery_id', 'status'])
    .executeTakeFirstOrThrow();
  expect(arrived?.webhookId).toBe(delivery.delivery_id);
  await waitFor('the delivery recorded as done', async () => {
    const row = await t.db.selectFrom('webhook_deliveries').select('status').executeTakeFirstOrThrow();
    return row.status === 'succeeded';
  });
});

it('refuses a delivery whose signature does not hold', async () => {
  const reply = await fetch(`${receiver.url}/webhooks`, {
    method: 'POST',
    headers: {
      'webhook-id': 'msg_forged',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,AAAA',
    },
    body: '{"type":"report.available"}',
  });
  expect(reply.status).toBe(401);
  expect((await events())[0]).toMatchObject({ webhookId: 'msg_forged', verified: false });
});
