import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStore } from '@portal/storage';
import { freePort, TEST_REDIS_URL } from '@portal/testing';
import { createTestDatabase, ensureReferenceData, newPartner, type TestDatabase } from '@portal/testing/db';
import { waitFor } from '@portal/testing/wait-for';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import { testWebhookSettings } from '@portal/testing/workers/webhook-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_SERVICE_ACCOUNT,
  demoWebhookPort,
  type ReceivedEvent,
  seedDemoWebhook,
  startDemoWebhookReceiver,
} from '../demo-webhooks.js';
import { seedDemoData } from '../seed.js';

// The demo webhook endpoint of `npm start`: seeded once, it gets its test event from the
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
    webhooks: webhookSettings(secretKey, port),
  });
});

afterAll(async () => {
  await workers?.stop();
  receiver?.server.close();
  await t?.drop();
});

const eventsAt = async (url: string): Promise<ReceivedEvent[]> =>
  ((await (await fetch(`${url}/events`)).json()) as { events: ReceivedEvent[] }).events;
const events = () => eventsAt(receiver.url);

/**
 * What `npm start` opens for its workers: http, and the receiver's one port of 127.0.0.1; without a
 * port, every port of 127.0.0.1, so that only the endpoint's address decides which receiver is sent to.
 */
const webhookSettings = (key: Buffer, receiverPort?: number) =>
  testWebhookSettings({
    secretKey: key,
    allowedRanges: [receiverPort === undefined ? '127.0.0.1/32' : `127.0.0.1/32:${receiverPort}`],
    allowHttp: true,
    retryBaseMs: 100,
    disableAfterFailures: 50,
  });

it('registers the demo endpoint once, at the port its receiver listens on, and its test event arrives signed', async () => {
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

it('moves the demo endpoint seeded before at another port to the port its receiver listens on now', async () => {
  const url = async () =>
    (await t.db.selectFrom('webhook_endpoints').select('url').executeTakeFirstOrThrow()).url;
  expect(await seedDemoWebhook(t.db, secretKey, 8020)).toBe(false);
  expect(await url()).toBe('http://127.0.0.1:8020/webhooks');
  expect(await seedDemoWebhook(t.db, secretKey, port)).toBe(false);
  expect(await url()).toBe(`${receiver.url}/webhooks`);
});

it('reads DEMO_WEBHOOK_PORT, 8020 without it, and stops on a port that is none, naming it', () => {
  expect(demoWebhookPort({})).toBe(8020);
  expect(demoWebhookPort({ DEMO_WEBHOOK_PORT: '' })).toBe(8020);
  expect(demoWebhookPort({ DEMO_WEBHOOK_PORT: '8021' })).toBe(8021);
  expect(demoWebhookPort({ DEMO_WEBHOOK_PORT: '65535' })).toBe(65_535);
  for (const wrong of ['0', '65536', 'http', '80.5', '-1']) {
    expect(() => demoWebhookPort({ DEMO_WEBHOOK_PORT: wrong }), wrong).toThrow(/^DEMO_WEBHOOK_PORT must be/);
  }
});

describe('two portals on one machine', () => {
  type Portal = {
    t: TestDatabase;
    receiver: { server: Server; url: string };
    workers: MailHarness;
    files: string;
  };
  const portals: Portal[] = [];
  afterAll(async () => {
    for (const portal of portals) {
      await portal.workers.stop();
      portal.receiver.server.close();
      await portal.t.drop();
      await rm(portal.files, { recursive: true, force: true });
    }
  });

  it('each delivers its demo events to its own receiver (DEMO_WEBHOOK_PORT)', async () => {
    for (let i = 0; i < 2; i++) {
      // As `npm start` runs them: the receiver and the seed read the one setting, each portal has
      // its own database, queue prefix (the workers' random one) and signing key.
      const key = randomBytes(32);
      const env = {
        NODE_ENV: 'test',
        DEMO_WEBHOOK_PORT: String(await freePort()),
        WEBHOOK_SECRET_KEY: key.toString('base64'),
      };
      const database = await createTestDatabase();
      const receiver = await startDemoWebhookReceiver(demoWebhookPort(env));
      const files = await mkdtemp(join(tmpdir(), 'portal-demo-webhooks-'));
      portals.push({ t: database, receiver, files, workers: undefined as unknown as MailHarness });
      await seedDemoData(database.db, new LocalDiskStore({ root: files }), {}, env);
      portals[i]!.workers = await startMailWorkers({
        handle: database,
        redisUrl: TEST_REDIS_URL,
        // Both receivers open to both portals: the seed's address alone must lead each to its own.
        webhooks: webhookSettings(key),
      });
    }
    for (const portal of portals) {
      const deliveries = await waitFor(
        "the portal's demo deliveries done",
        async () => {
          const rows = await portal.t.db
            .selectFrom('webhook_deliveries')
            .select(['delivery_id', 'status'])
            .execute();
          return rows.length > 0 && rows.every((row) => row.status === 'succeeded') ? rows : undefined;
        },
        60_000,
      );
      const received = await eventsAt(portal.receiver.url);
      // Its receiver got exactly its own portal's deliveries, verified, and none of the other's.
      expect(received.map((event) => event.webhookId).sort()).toEqual(
        deliveries.map((row) => row.delivery_id).sort(),
      );
      expect(received.every((event) => event.verified)).toBe(true);
    }
  }, 120_000);
});
