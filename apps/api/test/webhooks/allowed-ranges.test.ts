import { REDIS_URL, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import {
  type ConnectionCounter,
  startConnectionCounter,
  startWebhookReceiver,
  testWebhookSettings,
  type WebhookReceiver,
} from '@portal/testing/workers/webhook-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../src/webhooks/endpoint-input.js';
import { startWebhookApp, type WebhookApp } from './webhook-app.js';

// The allowance of `npm start` (WEBHOOK_ALLOWED_RANGES=127.0.0.1/32:<the demo receiver's port>)
// opens that one port of 127.0.0.1: a manager can register the receiver, and nothing else on the
// machine (the database, Redis, the portal itself, the sign-in server, the IPv6 forms of
// 127.0.0.1). A delivery is judged again when it is sent: an endpoint stored with another port is
// refused there, and opens no connection. The receiver listens where the system put it, as if
// DEMO_WEBHOOK_PORT named that port.

let w: WebhookApp;
let receiver: WebhookReceiver;
let counter: ConnectionCounter;
let workers: MailHarness;
let port: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.1', { tls: false });
  counter = await startConnectionCounter('127.0.0.1');
  port = Number(new URL(receiver.origin).port);
  w = await startWebhookApp(
    { WEBHOOK_ALLOWED_RANGES: `127.0.0.1/32:${port}`, WEBHOOK_ALLOW_HTTP: 'true' },
    (hostname) => (hostname === 'receiver.test' ? '127.0.0.1' : undefined),
  );
  workers = await startMailWorkers({
    handle: w.t.database,
    redisUrl: REDIS_URL,
    prefix: w.t.queuePrefix,
    webhooks: testWebhookSettings({ ...w.t.config.webhooks, retryBaseMs: 60_000, disableAfterFailures: 50 }),
    webhookLookup: w.lookup,
  });
});
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await counter?.close();
  await w?.t.close();
});

const register = (url: string) =>
  w.call(w.manager, 'POST', '/api/admin/webhooks', {
    serviceAccountId: 'svc-bjs',
    url,
    eventTypes: ['report.available'],
    partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  });
const stored = () => w.t.database.db.selectFrom('webhook_endpoints').select('url').execute();

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
    const created = await register(`http://127.0.0.1:${port}/allowed`);
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json();
    receiver.expectSecret('/allowed', secret);
    const path = `/api/admin/webhooks/${endpoint.endpointId}`;
    const sendTest = async () => {
      const queued = await w.call(w.manager, 'POST', `${path}/test`);
      expect(queued.statusCode).toBe(202);
      return queued.json().deliveryId as string;
    };
    const logOf = async (deliveryId: string) =>
      (await w.call(w.admin, 'GET', `${path}/deliveries`))
        .json()
        .deliveries.find((d: { deliveryId: string }) => d.deliveryId === deliveryId);

    const sent = await sendTest();
    await waitFor('the allowed delivery', async () => (await logOf(sent))?.status === 'succeeded', 20_000);
    expect(receiver.at('/allowed').map((r) => [r.webhookId, r.verified])).toEqual([[sent, true]]);

    // As if stored before the allowance narrowed: only the port changes.
    await w.t.database.db
      .updateTable('webhook_endpoints')
      .set({ url: `http://127.0.0.1:${counter.port}/allowed` })
      .where('endpoint_id', '=', endpoint.endpointId)
      .execute();
    const refused = await sendTest();
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
