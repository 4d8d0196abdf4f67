import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  enableWebhookEndpoint,
  ingestReport,
  insertWebhookDeliveries,
  insertWebhookEndpoint,
  recordReportEvents,
  rotateWebhookSecret,
  setUserAccess,
} from '@portal/db';
import { WEBHOOK_BACKOFF_AFTER_FAILURES } from '@portal/domain/webhooks/webhook-schedule';
import { enqueue, workerConnection } from '@portal/queue';
import { createBlobStore } from '@portal/storage';
import {
  createTestDatabase,
  ensureReferenceData,
  newCategory,
  newPartner,
  newPartnerCategory,
  newUser,
  type TestDatabase,
} from '@portal/testing/db';
import { REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import {
  type ConnectionCounter,
  queueTestDelivery,
  replayDeliveryJob,
  startConnectionCounter,
  startWebhookReceiver,
  testWebhookSettings,
  type WebhookReceiver,
} from '@portal/testing/workers/webhook-receiver';
import { generateSecret, newDeliveryId, sealSecret } from '@portal/webhooks';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Webhooks end to end through the real outbox, queue, workers and a real https receiver on
// 127.0.0.2 that verifies every delivery with the `standardwebhooks` library (issue 28). Only
// 127.0.0.2/32 is opened: 127.0.0.1 and every other loopback, private, link-local and metadata
// address stay refused in the same run, and servers on 127.0.0.1 and ::1 count the connections a
// refused delivery must not open. Names resolve through an injected resolver: nothing leaves the machine.

const DISABLE_AFTER = 4;
// http is allowed so that the refusals below are of the address, not the scheme.
const settings = testWebhookSettings({
  secretKey: randomBytes(32),
  allowedRanges: ['127.0.0.2/32'],
  allowHttp: true,
  retryBaseMs: 50,
  disableAfterFailures: DISABLE_AFTER,
});
const looked: string[] = [];
const lookup = async (hostname: string) => {
  looked.push(hostname);
  if (hostname === 'loopback.test') return [{ address: '127.0.0.1', family: 4 }];
  throw new Error(`ENOTFOUND ${hostname}`);
};

const prefix = randomPrefix();
let t: TestDatabase;
let mail: MailHarness;
let receiver: WebhookReceiver;
let counter4: ConnectionCounter;
let counter6: ConnectionCounter;
let storageDir: string;

beforeAll(async () => {
  t = await createTestDatabase();
  storageDir = await mkdtemp(join(tmpdir(), 'portal-webhooks-'));
  await ensureReferenceData(t.db);
  await newCategory(t.db, { code: 'SETTLE', name: 'Settlement' });
  for (const code of ['ACME', 'BETA', 'GAMMA']) {
    const partnerId = await newPartner(t.db, { code });
    await newPartnerCategory(t.db, { partnerId, categoryCode: 'SETTLE' });
  }
  await newUser(t.db, { userId: 'owner', email: 'owner@portal.example', isExternalUser: false });
  await newUser(t.db, { userId: 'svc-partner', firstName: 'Partner system' });
  await t.db
    .updateTable('users')
    .set({ is_service_account: true })
    .where('user_id', '=', 'svc-partner')
    .execute();
  await setUserAccess(t.db, 'svc-partner', {
    features: ['VIEW_REPORTS'],
    partnerGrants: ['ACME', 'BETA', 'GAMMA'].map((partnerCode) => ({ accessTypeCode: 'EXT', partnerCode })),
  });
  receiver = await startWebhookReceiver();
  counter4 = await startConnectionCounter('127.0.0.1');
  counter6 = await startConnectionCounter('::1');
  mail = await startMailWorkers({
    handle: t,
    redisUrl: REDIS_URL,
    prefix,
    webhooks: settings,
    webhookLookup: lookup,
  });
});

afterAll(async () => {
  await mail?.stop();
  await receiver?.close();
  await counter4?.close();
  await counter6?.close();
  await t?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

async function addEndpoint(options: {
  url: string;
  partnerCode: string;
  eventTypes?: string[];
}): Promise<{ endpointId: string; secret: string }> {
  const secret = generateSecret();
  const partner = await t.db
    .selectFrom('partners')
    .select('partner_id')
    .where('code', '=', options.partnerCode)
    .executeTakeFirstOrThrow();
  const endpointId = await insertWebhookEndpoint(t.db, {
    serviceAccountId: 'svc-partner',
    url: options.url,
    description: '',
    eventTypes: options.eventTypes ?? ['report.available', 'report.replaced'],
    partnerIds: [partner.partner_id],
    categoryCodes: [],
    secretSealed: sealSecret(settings.secretKey, secret),
    createdBy: 'owner',
  });
  return { endpointId, secret };
}

const sendTestEvent = (endpointId: string) => queueTestDelivery(t.db, endpointId);

const deliveryOf = (deliveryId: string) =>
  t.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirstOrThrow();
const attemptsOf = (deliveryId: string) =>
  t.db
    .selectFrom('webhook_delivery_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt')
    .execute();

async function webhooksQueueDrained(): Promise<boolean> {
  const queue = new Queue('webhooks', { connection: workerConnection(REDIS_URL), prefix });
  try {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).every((count) => count === 0);
  } finally {
    await queue.close();
  }
}

it('delivers a burst of 50 reports as 50 signed deliveries, each webhook-id once', async () => {
  const { secret } = await addEndpoint({ url: `${receiver.origin}/burst`, partnerCode: 'ACME' });
  receiver.expectSecret('/burst', secret);
  const store = createBlobStore({ STORAGE_DIR: storageDir });
  const target = { accessTypeCode: 'EXT', partnerCode: 'ACME', categoryCode: 'SETTLE' };
  const nth = (i: number) => ({
    fileName: `burst-${i}.csv`,
    body: Buffer.from(`row,${i}\n`),
    contentType: 'text/csv',
  });
  const reports = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      ingestReport(t.db, store, { ...target, ...nth(i), frequencyTypeCode: 'DLY', reportDate: '2026-11-25' }),
    ),
  );
  await waitFor('50 deliveries', () => receiver.at('/burst').length >= 50, 45_000);
  await waitFor('the webhooks queue drained', webhooksQueueDrained, 20_000);
  // Attempts are recorded in batches right after they end.
  const succeeded = async () =>
    (
      await t.db
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('event_id', 'is not', null)
        .where('status', '=', 'succeeded')
        .execute()
    ).length;
  await waitFor('50 recorded as succeeded', async () => (await succeeded()) === 50, 20_000);

  const burst = receiver.at('/burst');
  expect(burst).toHaveLength(50);
  expect(burst.every((r) => r.verified)).toBe(true);
  expect(new Set(burst.map((r) => r.webhookId)).size).toBe(50);
  const bodies = burst.map((r) => JSON.parse(r.body));
  expect(bodies.every((b) => b.type === 'report.available')).toBe(true);
  expect(new Set(bodies.map((b) => b.data.reportId))).toEqual(new Set(reports.map((r) => r.reportId)));
  expect(bodies[0].data).toMatchObject({
    accessTypeCode: 'EXT',
    partnerCode: 'ACME',
    categoryCode: 'SETTLE',
    downloadPath: `/api/reports/download?reportId=${bodies[0].data.reportId}`,
  });
  expect(JSON.stringify(bodies)).not.toContain('row,');
  const stored = await t.db
    .selectFrom('webhook_deliveries')
    .select('status')
    .where('event_id', 'is not', null)
    .execute();
  expect(stored.map((d) => d.status)).toEqual(Array(50).fill('succeeded'));
});

it('retries a failing receiver with the same webhook-id and logs every attempt', async () => {
  const { endpointId, secret } = await addEndpoint({ url: `${receiver.origin}/flaky`, partnerCode: 'BETA' });
  receiver.expectSecret('/flaky', secret);
  receiver.answer('/flaky', (n) => ({ status: n < 3 ? 503 : 200 }));
  await ingestReport(t.db, createBlobStore({ STORAGE_DIR: storageDir }), {
    accessTypeCode: 'EXT',
    partnerCode: 'BETA',
    categoryCode: 'SETTLE',
    frequencyTypeCode: 'DLY',
    reportDate: '2026-11-25',
    fileName: 'beta.csv',
    body: Buffer.from('x\n'),
    contentType: 'text/csv',
  });
  await waitFor('four tries', () => receiver.at('/flaky').length >= 4, 30_000);
  const [delivery] = await t.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .execute();
  await waitFor(
    'the delivery recorded as succeeded',
    async () => (await deliveryOf(delivery!.delivery_id)).status === 'succeeded',
    10_000,
  );

  const tries = receiver.at('/flaky');
  expect(tries).toHaveLength(4);
  expect(new Set(tries.map((r) => r.webhookId))).toEqual(new Set([delivery!.delivery_id]));
  expect(new Set(tries.map((r) => r.body)).size).toBe(1);
  expect(tries.every((r) => r.verified)).toBe(true);
  const attempts = await attemptsOf(delivery!.delivery_id);
  expect(attempts.map((a) => [a.attempt, a.response_status])).toEqual([
    [1, 503],
    [2, 503],
    [3, 503],
    [4, 200],
  ]);
  const endpoint = await t.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirstOrThrow();
  expect(endpoint.consecutive_failures).toBe(0);
  expect(endpoint.enabled).toBe(true);
});

it('never sends a delivery recorded as succeeded again, after a restart and a replay of its job', async () => {
  const { endpointId } = await addEndpoint({ url: `${receiver.origin}/once`, partnerCode: 'GAMMA' });
  const deliveryId = await sendTestEvent(endpointId);
  await waitFor(
    'recorded as succeeded',
    async () => (await deliveryOf(deliveryId)).status === 'succeeded',
    20_000,
  );
  expect(receiver.at('/once')).toHaveLength(1);

  // The workers go away and come back; the job is run again (as after a crash between the
  // receiver's answer and BullMQ's completion of the job).
  await mail.workers.stop();
  const restarted = await startMailWorkers({
    handle: t,
    redisUrl: REDIS_URL,
    prefix,
    smtp: mail.smtp,
    webhooks: settings,
    webhookLookup: lookup,
  });
  mail = restarted;
  await replayDeliveryJob(REDIS_URL, prefix, deliveryId);
  expect(receiver.at('/once')).toHaveLength(1);
  expect(await attemptsOf(deliveryId)).toHaveLength(1);
});

it('signs with both secrets during a rotation, and with the new one only after the overlap', async () => {
  const { endpointId, secret: before } = await addEndpoint({
    url: `${receiver.origin}/rotate`,
    partnerCode: 'GAMMA',
  });
  const after = generateSecret();
  await rotateWebhookSecret(t.db, endpointId, {
    secretSealed: sealSecret(settings.secretKey, after),
    previousExpiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  const { Webhook } = await import('standardwebhooks');
  const verifies = (secret: string, r: { body: string; headers: Record<string, string> }) => {
    try {
      new Webhook(secret).verify(r.body, r.headers);
      return true;
    } catch {
      return false;
    }
  };
  await sendTestEvent(endpointId);
  await waitFor('the overlap delivery', () => receiver.at('/rotate').length === 1, 20_000);
  const during = receiver.at('/rotate')[0]!;
  expect(during.signature.split(' ')).toHaveLength(2);
  expect(verifies(before, during)).toBe(true);
  expect(verifies(after, during)).toBe(true);

  await t.db
    .updateTable('webhook_endpoints')
    .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
    .where('endpoint_id', '=', endpointId)
    .execute();
  await sendTestEvent(endpointId);
  await waitFor('the delivery after the overlap', () => receiver.at('/rotate').length === 2, 20_000);
  const later = receiver.at('/rotate')[1]!;
  expect(later.signature.split(' ')).toHaveLength(1);
  expect(verifies(after, later)).toBe(true);
  expect(verifies(before, later)).toBe(false);
});

describe('a delivery to a forbidden address is refused without a connection', () => {
  const urlOf: Record<string, () => string> = {
    '127.0.0.1': () => `http://127.0.0.1:${counter4.port}/hook`,
    '::1': () => `http://[::1]:${counter6.port}/hook`,
    '10.0.0.1 (10/8)': () => 'http://10.0.0.1/hook',
    '169.254.169.254 (metadata)': () => 'http://169.254.169.254/latest/meta-data',
    '::ffff:127.0.0.1 (IPv4-mapped)': () => `http://[::ffff:127.0.0.1]:${counter4.port}/hook`,
    'a name resolving to loopback': () => `http://loopback.test:${counter4.port}/hook`,
  };

  it.each(Object.keys(urlOf))('%s', async (what) => {
    const url = urlOf[what]!();
    const { endpointId } = await addEndpoint({ url, partnerCode: 'GAMMA' });
    const deliveryId = await sendTestEvent(endpointId);
    await waitFor(`an attempt at ${what}`, async () => (await attemptsOf(deliveryId)).length >= 1, 20_000);
    const [first] = await attemptsOf(deliveryId);
    expect(first?.response_status, what).toBeNull();
    expect(first?.duration_ms).toBe(0);
    expect(first?.error).toContain('an address the portal does not send to');
    if (what === 'a name resolving to loopback') expect(looked).toContain('loopback.test');
    expect(counter4.connections()).toBe(0);
    expect(counter6.connections()).toBe(0);
  });

  it('a redirect to loopback is not followed', async () => {
    receiver.answer('/redirect', () => ({
      status: 302,
      headers: { location: `http://127.0.0.1:${counter4.port}/hook` },
    }));
    const { endpointId } = await addEndpoint({ url: `${receiver.origin}/redirect`, partnerCode: 'GAMMA' });
    const deliveryId = await sendTestEvent(endpointId);
    await waitFor('two attempts', async () => (await attemptsOf(deliveryId)).length >= 2, 20_000);
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.slice(0, 2).map((a) => a.response_status)).toEqual([302, 302]);
    expect((await deliveryOf(deliveryId)).status).not.toBe('succeeded');
    expect(counter4.connections()).toBe(0);
  });
});

it('backs off an endpoint after a run of failures, disables it after failed probes, mails its owner, and works again once enabled', async () => {
  const url = `${receiver.origin}/down`;
  receiver.answer('/down', () => ({ status: 500 }));
  const { endpointId, secret } = await addEndpoint({ url, partnerCode: 'GAMMA' });
  receiver.expectSecret('/down', secret);
  const failing = await sendTestEvent(endpointId);
  const subject = 'Webhook endpoint disabled';
  const mailFor = () => mail.arrived(subject).filter((m) => m.text?.includes(url));
  await waitFor('the owner told', () => mailFor().length === 1, 60_000);
  const endpoint = await t.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirstOrThrow();
  // Five failures in a row start the backing off; the failed probes after them disable it.
  const failures = WEBHOOK_BACKOFF_AFTER_FAILURES + DISABLE_AFTER;
  expect(endpoint).toMatchObject({
    enabled: false,
    consecutive_failures: failures,
    probe_failures: DISABLE_AFTER,
  });
  expect(endpoint.disabled_reason).toBe(
    `Disabled after ${failures} failed deliveries in a row; the last: HTTP 500.`,
  );
  expect(mailFor()[0]?.to).toMatchObject({ value: [{ address: 'owner@portal.example' }] });
  expect(mailFor()[0]?.text).toContain(`after ${failures} failed deliveries in a row.`);
  // The retry after the disabling gives up without sending.
  await waitFor('the delivery given up', async () => (await deliveryOf(failing)).status === 'failed', 20_000);
  expect(receiver.at('/down')).toHaveLength(failures);
  expect((await deliveryOf(failing)).last_error).toBe('The endpoint is disabled.');

  receiver.answer('/down', () => ({ status: 200 }));
  await enableWebhookEndpoint(t.db, endpointId);
  const working = await sendTestEvent(endpointId);
  await waitFor(
    'delivered once enabled',
    async () => (await deliveryOf(working)).status === 'succeeded',
    20_000,
  );
  expect(receiver.at('/down').at(-1)).toMatchObject({ webhookId: working, verified: true });
  expect(mailFor()).toHaveLength(1);
});

describe('who hears an event', () => {
  /** Every outbox row published and no job waiting or running (the earlier tests' refused deliveries wait delayed). */
  async function drained(): Promise<boolean> {
    for (const name of ['notifications', 'webhooks']) {
      const queue = new Queue(name, { connection: workerConnection(REDIS_URL), prefix });
      try {
        const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
        if (Object.values(counts).some((count) => count > 0)) return false;
      } finally {
        await queue.close();
      }
    }
    const unpublished = await t.db
      .selectFrom('outbox')
      .select('outbox_id')
      .where('published_at', 'is', null)
      .execute();
    return unpublished.length === 0;
  }
  const partnerIdOf = async (code: string) =>
    (
      await t.db
        .selectFrom('partners')
        .select('partner_id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).partner_id;
  const deliveriesOf = (endpointId: string) =>
    t.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute();

  it('only the endpoints whose partners, categories and event types match', async () => {
    const deltaId = await newPartner(t.db, { code: 'DELTA' });
    await setUserAccess(t.db, 'svc-partner', {
      features: ['VIEW_REPORTS'],
      partnerGrants: ['ACME', 'BETA', 'GAMMA', 'DELTA'].map((partnerCode) => ({
        accessTypeCode: 'EXT',
        partnerCode,
      })),
    });
    const { endpointId } = await addEndpoint({
      url: `${receiver.origin}/filtered`,
      partnerCode: 'DELTA',
      eventTypes: ['report.replaced', 'monitor.missing'],
    });
    await t.db
      .updateTable('webhook_endpoints')
      .set({ category_codes: ['SETTLE'] })
      .where('endpoint_id', '=', endpointId)
      .execute();
    const [, , replaced, missing] = await recordReportEvents(t.db, [
      { eventType: 'report.available', partnerId: deltaId, categoryCode: 'SETTLE', reportId: 1 },
      { eventType: 'report.replaced', partnerId: deltaId, categoryCode: 'OTHER', reportId: 2 },
      {
        eventType: 'report.replaced',
        partnerId: deltaId,
        categoryCode: 'SETTLE',
        reportId: 3,
        replacedReportId: 1,
      },
      { eventType: 'monitor.missing', partnerId: deltaId, categoryCode: 'SETTLE', reportMonitorId: 9 },
      {
        eventType: 'report.replaced',
        partnerId: await partnerIdOf('GAMMA'),
        categoryCode: 'SETTLE',
        reportId: 4,
      },
    ]);
    await waitFor('two deliveries', () => receiver.at('/filtered').length >= 2, 20_000);
    await waitFor('nothing left to hand out or send', drained, 20_000);
    const made = await deliveriesOf(endpointId);
    expect(made.map((d) => d.event_id).sort()).toEqual([replaced, missing].sort());
    const bodies = receiver.at('/filtered').map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type).sort()).toEqual(['monitor.missing', 'report.replaced']);
    expect(bodies.find((b) => b.type === 'monitor.missing').data).toMatchObject({
      reportMonitorId: 9,
      reportId: null,
      downloadPath: null,
    });
  });

  it('not a service account that lost the partner: nothing is made, and a delivery made before is not sent', async () => {
    const lostId = await newPartner(t.db, { code: 'LOST' });
    await newUser(t.db, { userId: 'svc-lost' });
    await t.db
      .updateTable('users')
      .set({ is_service_account: true })
      .where('user_id', '=', 'svc-lost')
      .execute();
    await setUserAccess(t.db, 'svc-lost', {
      features: ['VIEW_REPORTS'],
      partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'LOST' }],
    });
    const endpointId = await insertWebhookEndpoint(t.db, {
      serviceAccountId: 'svc-lost',
      url: `${receiver.origin}/lost`,
      description: '',
      eventTypes: ['monitor.missing'],
      partnerIds: [lostId],
      categoryCodes: [],
      secretSealed: sealSecret(settings.secretKey, generateSecret()),
      createdBy: 'owner',
    });
    await setUserAccess(t.db, 'svc-lost', { features: ['VIEW_REPORTS'], partnerGrants: [] });
    const [eventId] = await recordReportEvents(t.db, [
      { eventType: 'monitor.missing', partnerId: lostId, categoryCode: 'SETTLE', reportMonitorId: 7 },
    ]);
    await waitFor('the event handed out', drained, 20_000);
    expect(await deliveriesOf(endpointId)).toEqual([]);

    // As if made before the grant was taken away: checked again when it is sent.
    const deliveryId = newDeliveryId();
    await t.db.transaction().execute(async (trx) => {
      await insertWebhookDeliveries(trx, [
        { deliveryId, endpointId, eventId: eventId!, eventType: 'monitor.missing', body: '{}' },
      ]);
      await enqueue(trx, { name: 'webhooks.wake', payload: { reason: 'test event' } });
    });
    await waitFor('given up', async () => (await deliveryOf(deliveryId)).status === 'failed', 20_000);
    expect((await deliveryOf(deliveryId)).last_error).toBe(
      'The service account no longer has access to partner LOST.',
    );
    expect(await attemptsOf(deliveryId)).toEqual([]);
    expect(receiver.at('/lost')).toEqual([]);
  });
});
