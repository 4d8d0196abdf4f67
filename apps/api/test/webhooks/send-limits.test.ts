import { createServiceAccount, issueServiceAccountToken, listAuditEntries } from '@portal/db';
import { WEBHOOK_SEND_LIMITS } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { REDIS_URL, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import {
  startWebhookReceiver,
  testWebhookSettings,
  type WebhookReceiver,
} from '@portal/testing/workers/webhook-receiver';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReportCatalog } from '../reports/fixtures.js';
import { createPartnerManager } from '../support/partner-manager.js';

// "Send test event" and "Redeliver" by hand, as a flood: one manager's token fires 1,000 test
// sends at one endpoint. At most WEBHOOK_SEND_LIMITS.perEndpoint.max are accepted, the rest answer
// 429 with Retry-After, and a real receiver (behind the real outbox and workers) hears no more than
// were accepted. The refused ones leave the user's hourly allowance alone: their other endpoints
// get their own share until the user's hour is used up. The windows are Redis's (a minute, an
// hour), not the injected clock's: the test runs well inside them and waits on none.

const { perEndpoint, perUser } = WEBHOOK_SEND_LIMITS;
const FLOOD = 1_000;
const CONCURRENCY = 20;

let t: TestApp;
let personas: SeededPersonas;
let manager: Record<string, string>;
let otherManager: Record<string, string>;
let workers: MailHarness;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOWED_RANGES: '127.0.0.2/32', WEBHOOK_ALLOW_HTTP: 'true' });
  personas = await seedPersonas(t.database.db);
  await seedReportCatalog(t.database.db);
  manager = await createPartnerManager(t.database.db);
  await createServiceAccount(t.database.db, {
    userId: 'svc-bjs-feed',
    name: 'BJS feed',
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  });
  await createServiceAccount(t.database.db, {
    userId: 'svc-sam-manager',
    name: 'SAM manager',
    features: ['MANAGE_PARTNERS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'SAM' }],
  });
  const { token } = await issueServiceAccountToken(t.database.db, {
    userId: 'svc-sam-manager',
    name: 'test',
    days: 1,
  });
  otherManager = { authorization: `Bearer ${token}` };
  receiver = await startWebhookReceiver();
  workers = await startMailWorkers({
    handle: t.database,
    redisUrl: REDIS_URL,
    prefix: t.queuePrefix,
    webhooks: testWebhookSettings({ ...t.config.webhooks, retryBaseMs: 50, disableAfterFailures: 10 }),
  });
});
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await t?.close();
});

/** An endpoint of EXT/BJS (so the BJS manager's) posting to the receiver's `path`. */
async function register(path: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: await personas.headers('internalAdmin'),
    payload: {
      serviceAccountId: 'svc-bjs-feed',
      url: `${receiver.origin}${path}`,
      eventTypes: ['report.available'],
      partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().endpoint.endpointId;
}

const sendTest = (headers: Record<string, string>, endpointId: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${endpointId}/test`, headers });

/** `count` requests made by `request`, at most CONCURRENCY in flight at once. */
async function fire(count: number, request: () => Promise<LightMyRequestResponse>) {
  const replies: LightMyRequestResponse[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      replies.push(await request());
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return replies;
}

const statuses = (replies: LightMyRequestResponse[]) => replies.map((reply) => reply.statusCode);
const deliveriesOf = (endpointId: string) =>
  t.database.db
    .selectFrom('webhook_deliveries')
    .select(['delivery_id', 'status'])
    .where('endpoint_id', '=', endpointId)
    .execute();

function expectRefused(reply: LightMyRequestResponse, windowMs: number) {
  expect(reply.statusCode).toBe(429);
  const retryAfter = Number(reply.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(reply.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/);
}

describe('sending to a webhook endpoint by hand', () => {
  it('accepts the first of a flood of test sends, refuses the rest with 429, and the receiver hears only those', async () => {
    const endpointId = await register('/flooded');
    const replies = await fire(FLOOD, () => sendTest(manager, endpointId));

    expect(statuses(replies).filter((status) => status === 202)).toHaveLength(perEndpoint.max);
    const refused = replies.filter((reply) => reply.statusCode !== 202);
    expect(refused).toHaveLength(FLOOD - perEndpoint.max);
    for (const reply of refused) expectRefused(reply, perEndpoint.timeWindowMs);

    // Only the accepted ones were written: their deliveries and their audit entries.
    const deliveries = await deliveriesOf(endpointId);
    expect(deliveries).toHaveLength(perEndpoint.max);
    const audits = await listAuditEntries(t.database.db, 'webhook-endpoint', endpointId);
    expect(audits.filter((entry) => entry.action === 'webhook-endpoint.test')).toHaveLength(perEndpoint.max);

    // Once every accepted delivery has ended, nothing is left that could reach the receiver.
    await waitFor(
      'the accepted deliveries ended',
      async () => (await deliveriesOf(endpointId)).every((delivery) => delivery.status !== 'pending'),
      30_000,
    );
    expect(receiver.at('/flooded')).toHaveLength(perEndpoint.max);
    expect(new Set(receiver.at('/flooded').map((hit) => hit.webhookId))).toEqual(
      new Set(deliveries.map((delivery) => delivery.delivery_id)),
    );

    // Redelivery counts on the same allowance of the endpoint.
    const redeliver = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpointId}/deliveries/${deliveries[0]!.delivery_id}/redeliver`,
      headers: manager,
    });
    expectRefused(redeliver, perEndpoint.timeWindowMs);
  });

  it("gives the same user's other endpoints their own share until the user's hourly allowance is used", async () => {
    // The flood above left this user perEndpoint.max accepted sends.
    let used = perEndpoint.max;
    const endpoints: string[] = [];
    while (used + perEndpoint.max <= perUser.max) {
      const endpointId = await register(`/share-${endpoints.length}`);
      endpoints.push(endpointId);
      const replies = await fire(perEndpoint.max + 1, () => sendTest(manager, endpointId));
      expect(statuses(replies).sort()).toEqual([...Array(perEndpoint.max).fill(202), 429]);
      used += perEndpoint.max;
    }
    expect(used).toBe(perUser.max);

    // The user's hour is used up: a fresh endpoint of theirs is refused, until the hour ends.
    const fresh = await register('/fresh');
    const refused = await sendTest(manager, fresh);
    expectRefused(refused, perUser.timeWindowMs);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(perEndpoint.timeWindowMs / 1000);
    expect(await deliveriesOf(fresh)).toEqual([]);

    // Another user's sends to that endpoint count on their own allowance.
    expect((await sendTest(await personas.headers('internalAdmin'), fresh)).statusCode).toBe(202);
  });

  it("counts nothing for a manager refused the endpoint (another partner's), or asking for one that is not there", async () => {
    const endpointId = await register('/guarded');
    const refused = await fire(perEndpoint.max + 5, () => sendTest(otherManager, endpointId));
    expect(new Set(statuses(refused))).toEqual(new Set([403]));
    const admin = await personas.headers('internalAdmin');
    const missing = await sendTest(admin, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const accepted = await fire(perEndpoint.max, () => sendTest(admin, endpointId));
    expect(statuses(accepted)).toEqual(Array(perEndpoint.max).fill(202));
  });
});
