import { createServiceAccount } from '@portal/db';
import { REDIS_URL, waitFor } from '@portal/workers/testing/helpers';
import { type MailHarness, startMailWorkers } from '@portal/workers/testing/mail-harness';
import {
  type ConnectionCounter,
  startConnectionCounter,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@portal/workers/testing/webhook-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../src/webhooks/endpoint-input.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { seedReportCatalog } from '../reports/fixtures.js';
import { createPartnerManager } from '../support/partner-manager.js';
import { type SeededPersonas, seedPersonas } from '../support/personas.js';

// The allowance of `npm start` (WEBHOOK_ALLOWED_RANGES=127.0.0.1/32:<the demo receiver's port>)
// opens that one port of 127.0.0.1: a manager can register the receiver, and nothing else on the
// machine (the database, Redis, the portal itself, the sign-in server, the IPv6 forms of
// 127.0.0.1). A delivery is judged again when it is sent: an endpoint stored with another port is
// refused there, and opens no connection. The receiver listens where the system put it, as if
// DEMO_WEBHOOK_PORT named that port.

let t: TestApp;
let personas: SeededPersonas;
let manager: Record<string, string>;
let receiver: WebhookReceiver;
let counter: ConnectionCounter;
let workers: MailHarness;
let port: number;

const lookup = async (hostname: string) => {
  if (hostname === 'receiver.test') return [{ address: '127.0.0.1', family: 4 }];
  throw new Error(`ENOTFOUND ${hostname}`);
};

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.1');
  counter = await startConnectionCounter('127.0.0.1');
  port = Number(new URL(receiver.origin).port);
  t = await createTestApp(
    { WEBHOOK_ALLOWED_RANGES: `127.0.0.1/32:${port}`, WEBHOOK_ALLOW_HTTP: 'true' },
    { webhookLookup: lookup },
  );
  personas = await seedPersonas(t.database.db);
  await seedReportCatalog(t.database.db);
  manager = await createPartnerManager(t.database.db);
  await createServiceAccount(t.database.db, {
    userId: 'svc-bjs',
    name: 'BJS system',
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  });
  workers = await startMailWorkers({
    handle: t.database,
    redisUrl: REDIS_URL,
    prefix: t.queuePrefix,
    webhooks: { ...t.config.webhooks, retryBaseMs: 60_000, disableAfterFailures: 50 },
    webhookLookup: lookup,
  });
});
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await counter?.close();
  await t?.close();
});

const register = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: manager,
    payload: {
      serviceAccountId: 'svc-bjs',
      url,
      eventTypes: ['report.available'],
      partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    },
  });
const stored = () => t.database.db.selectFrom('webhook_endpoints').select('url').execute();

describe("registration under npm start's allowance", () => {
  it('takes the receiver, by address or by a name resolving to it', async () => {
    for (const url of [`http://127.0.0.1:${port}/webhooks`, `http://receiver.test:${port}/hook`]) {
      const created = await register(url);
      expect(created.statusCode, `${url}: ${created.body}`).toBe(201);
    }
  });

  it.each([
    ['the database', '127.0.0.1:5432/'],
    ['Redis', '127.0.0.1:6379/'],
    ["the portal's API", '127.0.0.1:8000/api/contact-us'],
    ['the sign-in server', '127.0.0.1:8010/token'],
    ['another port', '127.0.0.1:COUNTER/'],
    ['the port next to it', '127.0.0.1:NEXT/'],
    ['the default port (80)', '127.0.0.1/'],
    ['the receiver over IPv6 loopback', '[::1]:PORT/'],
    ['the receiver as IPv4-mapped IPv6', '[::ffff:127.0.0.1]:PORT/'],
    ['the receiver through NAT64', '[64:ff9b::7f00:1]:PORT/'],
    ['a name resolving to it, on another port', 'receiver.test:5432/'],
  ])('refuses %s', async (_, where) => {
    const url = `http://${where
      .replace('COUNTER', String(counter.port))
      .replace('NEXT', String(port + 1))
      .replace('PORT', String(port))}`;
    const before = await stored();
    const refused = await register(url);
    expect(refused.statusCode, url).toBe(400);
    expect(refused.json()).toEqual({ message: WEBHOOK_MESSAGES.forbiddenAddress, field: 'url' });
    expect(await stored()).toEqual(before);
    expect(counter.connections()).toBe(0);
  });
});

describe("delivery under npm start's allowance", () => {
  it('sends to the allowed port, and refuses an endpoint stored with another without connecting', async () => {
    const admin = await personas.headers('internalAdmin');
    const created = await register(`http://127.0.0.1:${port}/allowed`);
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json();
    receiver.expectSecret('/allowed', secret);
    const sendTest = async (headers: Record<string, string>) => {
      const queued = await t.app.inject({
        method: 'POST',
        url: `/api/admin/webhooks/${endpoint.endpointId}/test`,
        headers,
      });
      expect(queued.statusCode).toBe(202);
      return queued.json().deliveryId as string;
    };
    const logOf = async (deliveryId: string) => {
      const reply = await t.app.inject({
        method: 'GET',
        url: `/api/admin/webhooks/${endpoint.endpointId}/deliveries`,
        headers: admin,
      });
      return reply.json().deliveries.find((d: { deliveryId: string }) => d.deliveryId === deliveryId);
    };

    const sent = await sendTest(manager);
    await waitFor('the allowed delivery', async () => (await logOf(sent))?.status === 'succeeded', 20_000);
    expect(receiver.at('/allowed').map((r) => [r.webhookId, r.verified])).toEqual([[sent, true]]);

    // As if stored before the allowance narrowed: only the port changes.
    await t.database.db
      .updateTable('webhook_endpoints')
      .set({ url: `http://127.0.0.1:${counter.port}/allowed` })
      .where('endpoint_id', '=', endpoint.endpointId)
      .execute();
    const refused = await sendTest(manager);
    await waitFor('the refused attempt', async () => (await logOf(refused))?.attempts === 1, 20_000);
    const delivery = await logOf(refused);
    expect(delivery.attemptLog[0]).toMatchObject({
      responseStatus: null,
      durationMs: 0,
      error: WEBHOOK_MESSAGES.forbiddenAddress,
      refusedAddress: '127.0.0.1',
    });
    expect(counter.connections()).toBe(0);
    expect(receiver.at('/allowed')).toHaveLength(1);
  });
});
