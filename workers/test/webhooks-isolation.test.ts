import { randomBytes } from 'node:crypto';
import { insertWebhookEndpoint, recordReportEvents, setUserAccess } from '@portal/db';
import { WEBHOOK_BACKOFF_AFTER_FAILURES, webhookRetryDelay } from '@portal/domain/webhooks/webhook-schedule';
import {
  createTestDatabase,
  ensureReferenceData,
  newCategory,
  newPartner,
  newUser,
  type TestDatabase,
} from '@portal/testing/db';
import { REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import {
  startWebhookReceiver,
  testWebhookSettings,
  type WebhookReceiver,
} from '@portal/testing/workers/webhook-receiver';
import { generateSecret, sealSecret } from '@portal/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerMetrics } from '../src/observability/metrics.js';

// One partner's broken receivers cannot stall another's webhooks. Three endpoints hear the same
// 100 report events: one healthy, one that takes the connection and never answers, one that
// answers 500, each on an https receiver of its own that counts its connections. The healthy one
// gets all 100 while the hanging one's first attempts are still in flight; the hanging one never
// has more connections than its cap; both broken ones back off and get one probe per retry step
// (the workers' clock is moved, nothing sleeps), not an attempt per queued delivery; and once they
// answer again, their backlogs drain at their cap.
//
// The response timeout is long, so that the hanging attempts are still in flight however slowly a
// loaded machine records the healthy ones; the hanging receiver then drops the connections it
// held unanswered, as a load balancer gives up on a dead backend, and every later request to it
// (the timeout itself is tested with the sender, packages/webhooks/test/deliver.test.ts).

const CAP = 5;
const EVENTS = 100;
const BASE = 30_000;
const RESPONSE_TIMEOUT_MS = 120_000;
let dropHeld: () => void = () => {};
const held = new Promise<void>((resolve) => {
  dropHeld = resolve;
});
let clock = Date.now();
const now = () => new Date(clock);
const settings = testWebhookSettings({
  secretKey: randomBytes(32),
  allowedRanges: ['127.0.0.2/32'],
  retryBaseMs: BASE,
  disableAfterFailures: 50,
  maxInFlight: 50,
  maxInFlightPerEndpoint: CAP,
  connectTimeoutMs: 2000,
  responseTimeoutMs: RESPONSE_TIMEOUT_MS,
});

let t: TestDatabase;
let workers: MailHarness;
const metrics = new WorkerMetrics();
const receivers = {} as Record<'healthy' | 'hanging' | 'failing', WebhookReceiver>;
const endpoints = {} as Record<keyof typeof receivers, string>;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureReferenceData(t.db);
  await newCategory(t.db, { code: 'SETTLE', name: 'Settlement' });
  const partnerId = await newPartner(t.db, { code: 'ACME' });
  await newUser(t.db, { userId: 'owner', email: 'owner@portal.example', isExternalUser: false });
  await newUser(t.db, { userId: 'svc-acme' });
  await t.db
    .updateTable('users')
    .set({ is_service_account: true })
    .where('user_id', '=', 'svc-acme')
    .execute();
  await setUserAccess(t.db, 'svc-acme', {
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'ACME' }],
  });
  for (const name of ['healthy', 'hanging', 'failing'] as const) {
    receivers[name] = await startWebhookReceiver();
    const secret = generateSecret();
    receivers[name].expectSecret(`/${name}`, secret);
    endpoints[name] = await insertWebhookEndpoint(t.db, {
      serviceAccountId: 'svc-acme',
      url: `${receivers[name].origin}/${name}`,
      description: name,
      eventTypes: ['report.available'],
      partnerIds: [partnerId],
      categoryCodes: [],
      secretSealed: sealSecret(settings.secretKey, secret),
      createdBy: 'owner',
    });
  }
  receivers.hanging.answer('/hanging', () => held.then(() => ({ drop: true as const })));
  receivers.failing.answer('/failing', () => ({ status: 500 }));
  workers = await startMailWorkers({
    handle: t,
    redisUrl: REDIS_URL,
    prefix: randomPrefix(),
    webhooks: settings,
    now,
    metrics,
  });
  await recordReportEvents(
    t.db,
    Array.from({ length: EVENTS }, (_, i) => ({
      eventType: 'report.available' as const,
      partnerId,
      categoryCode: 'SETTLE',
      reportId: i + 1,
    })),
  );
});

afterAll(async () => {
  await workers?.stop();
  for (const receiver of Object.values(receivers)) await receiver?.close();
  await t?.drop();
});

async function deliveriesOf(name: keyof typeof endpoints) {
  return t.db
    .selectFrom('webhook_deliveries')
    .select(['delivery_id', 'status', 'attempts', 'claimed_until'])
    .where('endpoint_id', '=', endpoints[name])
    .execute();
}
const count = async (
  name: keyof typeof endpoints,
  where: (d: Awaited<ReturnType<typeof deliveriesOf>>[number]) => boolean,
) => (await deliveriesOf(name)).filter(where).length;
const inFlight = (name: keyof typeof endpoints) => count(name, (d) => d.claimed_until !== null);
const succeeded = (name: keyof typeof endpoints) => count(name, (d) => d.status === 'succeeded');
const health = (name: keyof typeof endpoints) =>
  t.db
    .selectFrom('webhook_endpoints')
    .select(['consecutive_failures', 'failing_since', 'next_probe_at', 'probe_failures', 'enabled'])
    .where('endpoint_id', '=', endpoints[name])
    .executeTakeFirstOrThrow();
const requests = (name: keyof typeof receivers) => receivers[name].at(`/${name}`).length;
/** Backing off with nothing in flight: only a probe may go to it now, when its time comes. */
const waitingForProbe = async (name: keyof typeof endpoints) =>
  (await health(name)).next_probe_at !== null && (await inFlight(name)) === 0;

describe('a hanging and a failing endpoint beside a healthy one', () => {
  it("delivers every healthy delivery while the hanging endpoint's first attempts are in flight", async () => {
    await waitFor(
      'every healthy delivery recorded',
      async () => (await succeeded('healthy')) === EVENTS,
      60_000,
    );
    // At this moment the hanging endpoint's first attempts have had no answer, and hold its cap.
    expect(await inFlight('hanging')).toBe(CAP);
    expect(await count('hanging', (d) => d.attempts > 0)).toBe(0);
    expect(receivers.hanging.connections().open).toBe(CAP);
    expect(requests('hanging')).toBe(CAP);

    const healthy = receivers.healthy.at('/healthy');
    expect(healthy).toHaveLength(EVENTS);
    expect(new Set(healthy.map((r) => r.webhookId)).size).toBe(EVENTS);
    expect(healthy.every((r) => r.verified)).toBe(true);
    expect(receivers.healthy.connections().maxOpen).toBeLessThanOrEqual(CAP);
  });

  it('backs both broken endpoints off after a run of failures, the hanging one never past its cap', async () => {
    await waitFor('the failing endpoint backing off', () => waitingForProbe('failing'), 30_000);
    // The five failures in a row, and at most the attempts that were in flight beside the fifth.
    expect(requests('failing')).toBeGreaterThanOrEqual(WEBHOOK_BACKOFF_AFTER_FAILURES);
    expect(requests('failing')).toBeLessThanOrEqual(WEBHOOK_BACKOFF_AFTER_FAILURES + CAP - 1);
    const failing = await health('failing');
    expect(failing).toMatchObject({ probe_failures: 0, enabled: true });
    expect(failing.consecutive_failures).toBe(requests('failing'));
    // All this while, the hanging endpoint had its first attempts and no more.
    expect(requests('hanging')).toBe(CAP);
    expect(await inFlight('hanging')).toBe(CAP);

    dropHeld();
    await waitFor('the hanging endpoint backing off', () => waitingForProbe('hanging'), 30_000);
    expect(receivers.hanging.connections().maxOpen).toBe(CAP);
    expect(requests('hanging')).toBeLessThanOrEqual(WEBHOOK_BACKOFF_AFTER_FAILURES + CAP - 1);
    const attempts = await t.db
      .selectFrom('webhook_delivery_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.delivery_id', 'a.delivery_id')
      .select(['a.response_status', 'a.error'])
      .where('d.endpoint_id', '=', endpoints.hanging)
      .execute();
    expect(attempts.length).toBe(requests('hanging'));
    expect(attempts.every((a) => a.response_status === null && a.error !== null)).toBe(true);
  });

  it('probes each broken endpoint once per retry step, not once per queued delivery', async () => {
    const before = { failing: requests('failing'), hanging: requests('hanging') };
    const queued = await count('failing', (d) => d.status === 'pending');
    expect(queued).toBeGreaterThan(EVENTS - 10);
    for (const step of [1, 2, 3]) {
      // Both next probes fall due; the wait to the next doubles from the retry base.
      const probes = Math.max(
        (await health('failing')).next_probe_at!.getTime(),
        (await health('hanging')).next_probe_at!.getTime(),
      );
      clock = probes;
      await waitFor(
        `probe ${step} of each recorded`,
        async () =>
          (await health('failing')).probe_failures === step &&
          (await health('hanging')).probe_failures === step,
        30_000,
      );
      expect(requests('failing')).toBe(before.failing + step);
      expect(requests('hanging')).toBe(before.hanging + step);
      for (const name of ['failing', 'hanging'] as const) {
        const next = (await health(name)).next_probe_at!.getTime();
        // Set when the probe ended, on the workers' clock (which stands at `clock`).
        expect(next - clock).toBe(webhookRetryDelay(step + 1, BASE));
      }
      expect(receivers.hanging.connections().maxOpen).toBe(CAP);
    }
    expect(await count('failing', (d) => d.status === 'pending')).toBe(queued);
  });

  it('drains both backlogs at their cap once the receivers answer again', async () => {
    receivers.failing.answer('/failing', () => ({ status: 200 }));
    receivers.hanging.answer('/hanging', () => ({ status: 204 }));
    clock = Math.max(
      (await health('failing')).next_probe_at!.getTime(),
      (await health('hanging')).next_probe_at!.getTime(),
    );
    await waitFor(
      'every delivery recorded as succeeded',
      async () => (await succeeded('failing')) === EVENTS && (await succeeded('hanging')) === EVENTS,
      60_000,
    );
    for (const name of ['failing', 'hanging'] as const) {
      expect(await health(name)).toMatchObject({
        consecutive_failures: 0,
        failing_since: null,
        next_probe_at: null,
        probe_failures: 0,
        enabled: true,
      });
      expect(receivers[name].connections().maxOpen).toBeLessThanOrEqual(CAP);
      const ids = receivers[name].at(`/${name}`).map((r) => r.webhookId);
      expect(new Set(ids).size).toBe(EVENTS);
    }
    expect(receivers.healthy.at('/healthy')).toHaveLength(EVENTS);

    // Every attempt was counted, and none is left in flight.
    const sent = Object.values(receivers).reduce((n, receiver) => n + receiver.received.length, 0);
    const counted = (await metrics.webhookAttempts.get()).values;
    const byOutcome = Object.fromEntries(counted.map((v) => [v.labels.outcome, v.value]));
    expect(byOutcome.succeeded).toBe(3 * EVENTS);
    expect(byOutcome.succeeded + byOutcome.failed).toBe(sent);
    expect((await metrics.webhookInFlight.get()).values[0]?.value).toBe(0);
    expect(
      (await metrics.webhookAttemptDuration.get()).values.find((v) => v.metricName?.endsWith('_count'))
        ?.value,
    ).toBe(sent);
  });
});
