import { createBlobStore } from '@portal/storage';
import type { TestApp } from '@portal/testing/api';
import type { SeededPersonas } from '@portal/testing/personas';
import { REDIS_URL, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import {
  startWebhookReceiver,
  testWebhookSettings,
  type WebhookReceiver,
} from '@portal/testing/workers/webhook-receiver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../src/webhooks/endpoint-input.js';
import { addReport } from '../reports/fixtures.js';
import { startWebhookApp } from './webhook-app.js';

// An endpoint registered through the API hears a report landing through the real outbox, workers
// and an https receiver on 127.0.0.2 (the one range opened) that fails three times and then answers: it
// gets the same webhook-id four times, each verified with the secret the API showed, and the API's
// delivery log shows all four attempts; "Redeliver" sends it again under that id. A delivery refused
// for where its host now resolves says why to a manager, and where only to an internal admin.

let t: TestApp;
let personas: SeededPersonas;
let workers: MailHarness;
let receiver: WebhookReceiver;
let manager: Record<string, string>;
/** What rebind.test resolves to: the receiver's address at registration, an internal one later. */
let rebindTo = '127.0.0.2';
/** How long the flaky receiver holds each answer back. */
const RECEIVER_DELAY_MS = 150;

beforeAll(async () => {
  const w = await startWebhookApp(
    { WEBHOOK_ALLOWED_RANGES: '127.0.0.2/32', WEBHOOK_ALLOW_HTTP: 'true' },
    (hostname) => (hostname === 'rebind.test' ? rebindTo : undefined),
  );
  ({ t, personas, manager } = w);
  receiver = await startWebhookReceiver();
  workers = await startMailWorkers({
    handle: t.database,
    redisUrl: REDIS_URL,
    prefix: t.queuePrefix,
    webhooks: testWebhookSettings({ ...t.config.webhooks, retryBaseMs: 50, disableAfterFailures: 10 }),
    webhookLookup: w.lookup,
  });
});
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await t?.close();
});

it('logs every attempt of a delivery retried until the receiver answers, and redelivers it', async () => {
  const headers = await personas.headers('internalAdmin');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers,
    payload: {
      serviceAccountId: 'svc-reports',
      url: `${receiver.origin}/flaky`,
      eventTypes: ['report.available'],
      partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
      categoryCodes: ['SETTLEMENT'],
    },
  });
  expect(created.statusCode).toBe(201);
  const { endpoint, secret } = created.json();
  receiver.expectSecret('/flaky', secret);
  // Each answer is held back RECEIVER_DELAY_MS: every attempt's logged duration is at least that.
  receiver.answer('/flaky', async (n) => {
    await new Promise((resolve) => setTimeout(resolve, RECEIVER_DELAY_MS));
    return { status: n < 3 ? 503 : 200 };
  });

  const reportId = await addReport(t.database.db, createBlobStore({ STORAGE_DIR: t.filesDir }), {
    reportDate: '2026-11-25',
    fileName: 'settlement.csv',
    body: Buffer.from('store,amount\n'),
  });
  const log = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/webhooks/${endpoint.endpointId}/deliveries`,
        headers,
      })
    ).json().deliveries;
  await waitFor('the delivery succeeded', async () => (await log())[0]?.status === 'succeeded', 30_000);

  const [delivery] = await log();
  const tries = receiver.at('/flaky');
  expect(tries.map((r) => r.webhookId)).toEqual(Array(4).fill(delivery.deliveryId));
  expect(tries.every((r) => r.verified)).toBe(true);
  expect(JSON.parse(tries[0]!.body).data).toMatchObject({
    reportId,
    partnerCode: 'BJS',
    downloadPath: `/api/reports/download?reportId=${reportId}`,
  });
  expect(delivery).toMatchObject({ eventType: 'report.available', attempts: 4, lastResponseStatus: 200 });
  expect(
    delivery.attemptLog.map((a: { attempt: number; responseStatus: number }) => [
      a.attempt,
      a.responseStatus,
    ]),
  ).toEqual([
    [1, 503],
    [2, 503],
    [3, 503],
    [4, 200],
  ]);
  for (const attempt of delivery.attemptLog) {
    expect(attempt.durationMs).toBeGreaterThanOrEqual(RECEIVER_DELAY_MS);
  }

  const again = await t.app.inject({
    method: 'POST',
    url: `/api/admin/webhooks/${endpoint.endpointId}/deliveries/${delivery.deliveryId}/redeliver`,
    headers,
  });
  expect(again.statusCode).toBe(202);
  await waitFor('the redelivery', () => receiver.at('/flaky').length === 5, 20_000);
  expect(receiver.at('/flaky')[4]).toMatchObject({
    webhookId: delivery.deliveryId,
    body: tries[0]!.body,
    verified: true,
  });
  await waitFor('logged', async () => (await log())[0]?.attempts === 5, 10_000);
});

it('tells a manager why a delivery was refused, and only an internal admin the address', async () => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: manager,
    payload: {
      serviceAccountId: 'svc-bjs',
      url: `http://rebind.test:${new URL(receiver.origin).port}/rebind`,
      eventTypes: ['report.available'],
      partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const path = `/api/admin/webhooks/${created.json().endpoint.endpointId}`;
  rebindTo = '10.0.0.1';
  const queued = await t.app.inject({ method: 'POST', url: `${path}/test`, headers: manager });
  expect(queued.statusCode).toBe(202);
  const logOf = async (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${path}/deliveries`, headers });
  // Retried every 50 ms here: by the time the log is read, more than one refusal may be in it.
  await waitFor(
    'the refused attempt',
    async () => ((await logOf(manager)).json().deliveries[0]?.attempts ?? 0) >= 1,
    20_000,
  );

  const asManager = await logOf(manager);
  expect(asManager.body).not.toContain('10.0.0.1');
  const [seen] = asManager.json().deliveries;
  expect(seen.lastError).toBe(WEBHOOK_MESSAGES.forbiddenAddress);
  // Each logged attempt is a refusal.
  expect(seen.attemptLog.length).toBeGreaterThan(0);
  expect(seen.attemptLog).toEqual(
    seen.attemptLog.map((_: unknown, index: number) =>
      expect.objectContaining({
        attempt: index + 1,
        responseStatus: null,
        error: WEBHOOK_MESSAGES.forbiddenAddress,
      }),
    ),
  );
  for (const attempt of seen.attemptLog) expect(attempt).not.toHaveProperty('refusedAddress');

  const [asAdmin] = (await logOf(await personas.headers('internalAdmin'))).json().deliveries;
  expect(asAdmin.attemptLog[0]).toMatchObject({
    error: WEBHOOK_MESSAGES.forbiddenAddress,
    refusedAddress: '10.0.0.1',
  });
  expect(receiver.at('/rebind')).toEqual([]);
});
