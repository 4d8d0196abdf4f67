import {
  createTestDatabase,
  DATABASE_ENGINES,
  ensureReferenceData,
  newCategory,
  newPartner,
  newUser,
  type OpenedDatabase,
} from '@portal/testing/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClaimRequest,
  claimWebhookDeliveries,
  giveUpWaitingDeliveries,
  insertWebhookDeliveries,
  insertWebhookEndpoint,
  lockWebhookEndpointHealth,
  makeWebhookDeliveryDue,
  markWebhookEndpointsAnswering,
  probeWebhookEndpointNow,
  recordReportEvents,
  recordWebhookOutcomes,
  reopenWebhookDelivery,
  saveWebhookEndpointHealth,
  setUserAccess,
} from '../src/index.js';

// The scheduling of webhook deliveries in Postgres, on both engines the portal runs on: the claim
// (caps, probes, leases, what it returns), the record of outcomes, and the giving up of deliveries
// held back by an endpoint that kept failing. The claims of several workers at once are Postgres's
// (PGlite has one connection).

const T = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(T.getTime() + ms);
const MINUTE = 60_000;
const LEASE = 35_000;
const claim = (db: OpenedDatabase['db'], overrides: Partial<ClaimRequest> = {}) =>
  claimWebhookDeliveries(db, { now: T, leaseUntil: at(LEASE), limit: 100, perEndpoint: 3, ...overrides });
const id = (n: number) => `msg_${n.toString(16).padStart(32, '0')}`;

async function seed(db: OpenedDatabase['db'], suffix: string) {
  const partnerId = await newPartner(db, { code: `P${suffix}` });
  const account = `svc-${suffix}`;
  await newUser(db, { userId: account });
  await setUserAccess(db, account, {
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: `P${suffix}` }],
  });
  const endpoint = (name: string) =>
    insertWebhookEndpoint(db, {
      serviceAccountId: account,
      url: `https://${name}.hooks.test/${suffix}`,
      description: name,
      eventTypes: ['report.available'],
      partnerIds: [partnerId],
      categoryCodes: [],
      secretSealed: `v1.sealed-${name}`,
      createdBy: account,
    });
  return { partnerId, account, endpoint };
}

/** `count` test deliveries to `endpointId`, the n-th due n minutes before T (ids from `first`). */
async function queue(db: OpenedDatabase['db'], endpointId: string, first: number, count: number) {
  for (let n = 0; n < count; n += 1) {
    await insertWebhookDeliveries(
      db,
      [
        {
          deliveryId: id(first + n),
          endpointId,
          eventId: null,
          eventType: 'webhook.test',
          body: `{"n":${n}}`,
        },
      ],
      { dueAt: at(-(count - n) * MINUTE) },
    );
  }
  return Array.from({ length: count }, (_, n) => id(first + n));
}

describe.each(DATABASE_ENGINES)('webhook dispatch on %s', (_, open) => {
  let handle: OpenedDatabase;
  beforeAll(async () => {
    handle = await open();
    await ensureReferenceData(handle.db);
    await newCategory(handle.db, { code: 'SETTLE', name: 'Settlement' });
  });
  afterAll(async () => {
    if (handle?.drop) await handle.drop();
    else await handle?.close();
  });
  const row = (deliveryId: string) =>
    handle.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirstOrThrow();

  it('claims due deliveries oldest first, each endpoint up to its cap, with what an attempt needs', async () => {
    const { partnerId, account, endpoint } = await seed(handle.db, 'a');
    const [busy, quiet] = [await endpoint('busy'), await endpoint('quiet')];
    const busyIds = await queue(handle.db, busy, 100, 5);
    const [eventId] = await recordReportEvents(handle.db, [
      { eventType: 'report.available', partnerId, categoryCode: 'SETTLE', reportId: 7 },
    ]);
    await insertWebhookDeliveries(
      handle.db,
      [
        {
          deliveryId: id(200),
          endpointId: quiet,
          eventId: eventId!,
          eventType: 'report.available',
          body: '{}',
        },
      ],
      { dueAt: at(-3.5 * MINUTE) },
    );
    // Not due yet.
    await insertWebhookDeliveries(
      handle.db,
      [{ deliveryId: id(201), endpointId: quiet, eventId: null, eventType: 'webhook.test', body: '{}' }],
      { dueAt: at(MINUTE) },
    );

    const claimed = await claim(handle.db);
    expect(claimed.map((c) => c.deliveryId)).toEqual([busyIds[0], busyIds[1], id(200), busyIds[2]]);
    expect(claimed.find((c) => c.deliveryId === id(200))).toEqual({
      deliveryId: id(200),
      endpointId: quiet,
      eventType: 'report.available',
      body: '{}',
      attempts: 0,
      roundAttempts: 0,
      firstDueAt: at(-3.5 * MINUTE),
      traceparent: null,
      probe: false,
      url: 'https://quiet.hooks.test/a',
      endpointEnabled: true,
      secretSealed: 'v1.sealed-quiet',
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
      serviceAccountId: account,
      createdBy: account,
      accessTypeCode: 'EXT',
      partnerCode: 'Pa',
      account: {
        isInternalAdmin: false,
        isExternalUser: true,
        partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'Pa' }],
      },
    });
    expect(claimed[0]).toMatchObject({ accessTypeCode: null, partnerCode: null });
    expect((await row(busyIds[0]!)).claimed_until).toEqual(at(LEASE));

    // The busy endpoint is at its cap; nothing else is due.
    expect(await claim(handle.db)).toEqual([]);
    // Once the leases have run out (a worker died), they are claimed again, still oldest first.
    const again = await claim(handle.db, { now: at(LEASE), leaseUntil: at(2 * LEASE), limit: 2 });
    expect(again.map((c) => c.deliveryId)).toEqual([busyIds[0], busyIds[1]]);
  });

  it('gives an endpoint that backs off one probe at a time, its oldest delivery, once the probe is due', async () => {
    const { endpoint } = await seed(handle.db, 'b');
    const failing = await endpoint('failing');
    const ids = await queue(handle.db, failing, 300, 4);
    // None is due again on its own schedule: the probe takes the one due first anyway.
    for (const [n, deliveryId] of ids.entries()) {
      await handle.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: at((4 - n) * MINUTE) })
        .where('delivery_id', '=', deliveryId)
        .execute();
    }
    await handle.db
      .updateTable('webhook_endpoints')
      .set({ consecutive_failures: 5, failing_since: at(-5 * MINUTE), next_probe_at: at(30_000) })
      .where('endpoint_id', '=', failing)
      .execute();
    const mine = async (request: Partial<ClaimRequest>) =>
      (await claim(handle.db, request)).filter((c) => c.endpointId === failing);

    expect(await mine({})).toEqual([]);
    const probe = await mine({ now: at(30_000), leaseUntil: at(30_000 + LEASE) });
    expect(probe.map((c) => [c.deliveryId, c.probe])).toEqual([[ids[3], true]]);
    expect(await mine({ now: at(31_000), leaseUntil: at(31_000 + LEASE) })).toEqual([]);

    // A person asking to send now brings the probe forward; a later time is left as it is.
    await probeWebhookEndpointNow(handle.db, failing, at(-MINUTE));
    const brought = await lockOutside(handle.db, failing);
    expect(brought.nextProbeAt).toEqual(at(-MINUTE));
    await probeWebhookEndpointNow(handle.db, failing, at(MINUTE));
    expect((await lockOutside(handle.db, failing)).nextProbeAt).toEqual(at(-MINUTE));
  });

  it("claims a disabled endpoint's due deliveries at its cap, and says when its service account is disabled", async () => {
    const { account, endpoint } = await seed(handle.db, 'c');
    const disabled = await endpoint('disabled');
    await queue(handle.db, disabled, 400, 4);
    await handle.db
      .updateTable('webhook_endpoints')
      .set({ enabled: false, next_probe_at: at(6 * 60 * MINUTE) })
      .where('endpoint_id', '=', disabled)
      .execute();
    await handle.db.updateTable('users').set({ disabled_at: T }).where('user_id', '=', account).execute();
    const claimed = (await claim(handle.db)).filter((c) => c.endpointId === disabled);
    expect(claimed).toHaveLength(3);
    expect(claimed.every((c) => !c.endpointEnabled && !c.probe && c.account === null)).toBe(true);
  });

  it('records outcomes and their attempts in one go, never undoing a success', async () => {
    const { endpoint } = await seed(handle.db, 'd');
    const target = await endpoint('target');
    const [ok, retry, refused, done] = await queue(handle.db, target, 500, 4);
    await claim(handle.db);
    await handle.db
      .updateTable('webhook_deliveries')
      .set({ status: 'succeeded', attempts: 2 })
      .where('delivery_id', '=', done!)
      .execute();
    const attempt = {
      attempted: true as const,
      startedAt: T,
      durationMs: 12,
      responseStatus: 500,
      error: null,
    };
    const logged = await handle.db.transaction().execute((trx) =>
      recordWebhookOutcomes(trx, [
        {
          deliveryId: ok!,
          status: 'succeeded',
          nextAttemptAt: null,
          roundAttempts: 1,
          ...attempt,
          responseStatus: 204,
        },
        { deliveryId: retry!, status: 'pending', nextAttemptAt: at(MINUTE), roundAttempts: 1, ...attempt },
        {
          deliveryId: refused!,
          status: 'failed',
          nextAttemptAt: null,
          roundAttempts: 0,
          attempted: false,
          error: 'The endpoint is disabled.',
        },
        { deliveryId: done!, status: 'pending', nextAttemptAt: at(MINUTE), roundAttempts: 1, ...attempt },
      ]),
    );
    expect([...logged.entries()].sort()).toEqual([
      [ok, 1],
      [retry, 1],
    ]);
    expect(await row(ok!)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      claimed_until: null,
      last_response_status: 204,
    });
    expect((await row(ok!)).succeeded_at).not.toBeNull();
    expect(await row(retry!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      round_attempts: 1,
      next_attempt_at: at(MINUTE),
      claimed_until: null,
      last_response_status: 500,
    });
    expect(await row(refused!)).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: 'The endpoint is disabled.',
      claimed_until: null,
    });
    expect(await row(done!)).toMatchObject({ status: 'succeeded', attempts: 2 });
    const attempts = await handle.db
      .selectFrom('webhook_delivery_attempts')
      .select(['delivery_id', 'attempt', 'duration_ms', 'response_status'])
      .where('delivery_id', 'in', [ok!, retry!, refused!, done!])
      .orderBy('delivery_id')
      .execute();
    expect(attempts).toEqual([
      { delivery_id: ok, attempt: 1, duration_ms: 12, response_status: 204 },
      { delivery_id: retry, attempt: 1, duration_ms: 12, response_status: 500 },
    ]);

    // A redelivery by hand: due now with a fresh schedule; a job of the former queue only makes
    // a pending delivery due sooner.
    expect(await reopenWebhookDelivery(handle.db, target, ok!, at(2 * MINUTE))).toBe(1);
    expect(await row(ok!)).toMatchObject({
      status: 'pending',
      succeeded_at: null,
      next_attempt_at: at(2 * MINUTE),
      first_due_at: at(2 * MINUTE),
      round_attempts: 0,
    });
    expect(await reopenWebhookDelivery(handle.db, target, id(999), T)).toBeUndefined();
    await makeWebhookDeliveryDue(handle.db, retry!, T);
    expect((await row(retry!)).next_attempt_at).toEqual(T);
    await makeWebhookDeliveryDue(handle.db, done!, T);
    expect((await row(done!)).next_attempt_at).not.toEqual(T);
  });

  it("keeps an endpoint's health, rewriting a healthy endpoint's row only when it was failing", async () => {
    const { endpoint } = await seed(handle.db, 'e');
    const [healthy, failing] = [await endpoint('healthy'), await endpoint('failing')];
    await handle.db.transaction().execute(async (trx) => {
      const [read] = await lockWebhookEndpointHealth(trx, [failing, failing]);
      expect(read).toEqual({
        endpointId: failing,
        enabled: true,
        consecutiveFailures: 0,
        failingSince: null,
        nextProbeAt: null,
        probeFailures: 0,
      });
      await saveWebhookEndpointHealth(trx, [
        {
          ...read!,
          enabled: false,
          consecutiveFailures: 55,
          failingSince: T,
          nextProbeAt: at(MINUTE),
          probeFailures: 50,
          disabledReason: 'Disabled after 55 failed deliveries in a row; the last: HTTP 500.',
        },
      ]);
    });
    const stored = () =>
      handle.db
        .selectFrom('webhook_endpoints')
        .select([
          'endpoint_id',
          'enabled',
          'consecutive_failures',
          'next_probe_at',
          'disabled_reason',
          'updated_at',
        ])
        .where('endpoint_id', 'in', [healthy, failing])
        // 'healthy' before 'failing'
        .orderBy('description', 'desc')
        .execute();
    const [healthyBefore, failingRow] = await stored();
    expect(failingRow).toMatchObject({
      enabled: false,
      consecutive_failures: 55,
      next_probe_at: at(MINUTE),
      disabled_reason: 'Disabled after 55 failed deliveries in a row; the last: HTTP 500.',
    });

    // A row version's xmin is the transaction that wrote it: unchanged, the row was not rewritten.
    const versions = async () =>
      (
        await sql<{ endpoint_id: string; xmin: string }>`
          select endpoint_id, xmin::text from webhook_endpoints where endpoint_id in (${healthy}, ${failing})
        `.execute(handle.db)
      ).rows;
    const before = await versions();
    await markWebhookEndpointsAnswering(handle.db, [healthy, failing]);
    const after = await versions();
    const of = (rows: typeof before, endpointId: string) =>
      rows.find((r) => r.endpoint_id === endpointId)?.xmin;
    expect(of(after, healthy)).toBe(of(before, healthy));
    expect(of(after, failing)).not.toBe(of(before, failing));
    const [healthyAfter, answered] = await stored();
    expect(healthyAfter).toEqual(healthyBefore);
    // Answering ends the run of failures, never a disabling: enabling is a person's.
    expect(answered).toMatchObject({ enabled: false, consecutive_failures: 0, next_probe_at: null });
  });

  it('gives up, without an attempt, deliveries held back past their time by an endpoint that backs off', async () => {
    const { endpoint } = await seed(handle.db, 'f');
    const [backingOff, answering] = [await endpoint('backing-off'), await endpoint('answering')];
    const [old, leased, young] = await queue(handle.db, backingOff, 600, 3);
    const [other] = await queue(handle.db, answering, 700, 1);
    await handle.db
      .updateTable('webhook_deliveries')
      .set({ first_due_at: at(-40 * 60 * MINUTE) })
      .where('delivery_id', 'in', [old!, leased!, other!])
      .execute();
    await handle.db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: at(MINUTE) })
      .where('delivery_id', '=', leased!)
      .execute();
    await handle.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: new Date('2026-11-24T21:05:09.000Z'), next_probe_at: at(MINUTE) })
      .where('endpoint_id', '=', backingOff)
      .execute();

    const given = await giveUpWaitingDeliveries(handle.db, {
      now: T,
      firstDueBefore: at(-32.5 * 60 * MINUTE),
      waitedHours: '32.5',
    });
    expect(given).toBe(1);
    expect(await row(old!)).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error:
        'Given up after 32.5 h waiting: the endpoint has been failing since 11/24/2026 21:05:09 UTC.',
    });
    for (const kept of [leased, young, other]) expect((await row(kept!)).status).toBe('pending');
  });
});

/** An endpoint's health, read outside any transaction (the lock ends with the statement). */
async function lockOutside(db: OpenedDatabase['db'], endpointId: string) {
  const [health] = await db.transaction().execute((trx) => lockWebhookEndpointHealth(trx, [endpointId]));
  return health!;
}

describe('claims of several workers at once, on Postgres', () => {
  let handle: OpenedDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await ensureReferenceData(handle.db);
  });
  afterAll(async () => handle?.drop?.());

  it("never claim one delivery twice, nor pass an endpoint's cap together", async () => {
    const { endpoint } = await seed(handle.db, 'g');
    const endpoints = [await endpoint('one'), await endpoint('two')];
    for (const [n, endpointId] of endpoints.entries()) await queue(handle.db, endpointId, 1000 * (n + 1), 40);
    // Rounds of eight claims at once, each on a connection of its own as eight worker processes
    // would, each with its own free capacity, while earlier claims' attempts end (their leases are
    // cleared and their deliveries due again later, as a failed attempt's are).
    const claims: Awaited<ReturnType<typeof claim>>[] = [];
    for (let round = 0; round < 5; round += 1) {
      const ended = claims.flat().slice(round * 2, round * 2 + 2);
      await Promise.all([
        ...Array.from({ length: 8 }, (_, n) => claim(handle.db, { perEndpoint: 5, limit: n + 1 })),
        handle.db
          .updateTable('webhook_deliveries')
          .set({ claimed_until: null, next_attempt_at: at(MINUTE) })
          .where('delivery_id', 'in', ended.length > 0 ? ended.map((c) => c.deliveryId) : [''])
          .execute(),
      ]).then((results) => claims.push(...(results.slice(0, 8) as Awaited<ReturnType<typeof claim>>[])));
      const leased = await handle.db
        .selectFrom('webhook_deliveries')
        .select(['endpoint_id', sql<number>`count(*)::int`.as('n')])
        .where('claimed_until', 'is not', null)
        .groupBy('endpoint_id')
        .execute();
      expect(
        leased.every((l) => l.n <= 5),
        JSON.stringify(leased),
      ).toBe(true);
    }
    const ids = claims.flat().map((c) => c.deliveryId);
    expect(new Set(ids).size).toBe(ids.length);
    // Both endpoints were served: none is left out by the claims that skip what another holds.
    expect(new Set(claims.flat().map((c) => c.endpointId))).toEqual(new Set(endpoints));
  });

  it('let deliveries be made for an endpoint whose health a record holds locked', async () => {
    const { endpoint } = await seed(handle.db, 'h');
    const busy = await endpoint('busy');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const record = handle.db.transaction().execute(async (trx) => {
      await lockWebhookEndpointHealth(trx, [busy]);
      locked();
      await held;
    });
    await isLocked;
    try {
      // A delivery's foreign key takes FOR KEY SHARE on its endpoint: it must not wait for the record.
      const made = await handle.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '3s'`.execute(trx);
        return insertWebhookDeliveries(
          trx,
          [{ deliveryId: id(5000), endpointId: busy, eventId: null, eventType: 'webhook.test', body: '{}' }],
          { dueAt: T },
        );
      });
      expect(made).toEqual([id(5000)]);
    } finally {
      release();
      await record;
    }
  });
});
