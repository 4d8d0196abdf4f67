import { createServiceAccount, listAuditEntries } from '@portal/db';
import type { TestApp } from '@portal/testing/api';
import type { SeededPersonas } from '@portal/testing/personas';
import { type ConnectionCounter, startConnectionCounter } from '@portal/testing/workers/webhook-receiver';
import { ENDPOINT_URL_MESSAGES, openSecret } from '@portal/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../src/webhooks/endpoint-input.js';
import { startWebhookApp, type WebhookApp } from './webhook-app.js';

// Webhook endpoints through the API (issue 28): registration with its secret shown once and sealed
// at rest, every refusal a 400 naming its field with nothing stored (the SSRF ones each a test, with
// an injected resolver and a server on 127.0.0.1 counting connections: registration opens none),
// a manager's partner scope, rotation, enabling, test events and redelivery, each audited.

const looked: string[] = [];
const HOSTS: Record<string, string> = { 'loopback.test': '127.0.0.1', 'hooks.partner.test': '93.184.216.34' };
let w: WebhookApp;
let t: TestApp;
let personas: SeededPersonas;
let manager: Record<string, string>;
let counter: ConnectionCounter;

beforeAll(async () => {
  w = await startWebhookApp({}, (hostname) => {
    looked.push(hostname);
    return HOSTS[hostname];
  });
  ({ t, personas, manager } = w);
  await createServiceAccount(t.database.db, {
    userId: 'svc-both',
    name: 'BJS and SAM system',
    features: ['VIEW_REPORTS'],
    partnerGrants: ['BJS', 'SAM'].map((partnerCode) => ({ accessTypeCode: 'EXT', partnerCode })),
  });
  await createServiceAccount(t.database.db, {
    userId: 'svc-none',
    name: 'System with no partner',
    features: ['VIEW_REPORTS'],
    partnerGrants: [],
  });
  counter = await startConnectionCounter('127.0.0.1');
});
afterAll(async () => {
  await counter?.close();
  await t?.close();
});

const admin = async () => personas.headers('internalAdmin');
const call: WebhookApp['call'] = (...args) => w.call(...args);
const register = async (headers: Record<string, string>, fields: object = {}) =>
  call(headers, 'POST', '/api/admin/webhooks', {
    serviceAccountId: 'svc-bjs',
    url: 'https://hooks.partner.test/portal',
    description: 'Settlement feed',
    eventTypes: ['report.available', 'report.replaced'],
    partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    categoryCodes: ['SETTLEMENT'],
    ...fields,
  });
const stored = () => t.database.db.selectFrom('webhook_endpoints').selectAll().execute();

describe('registration', () => {
  it('shows the secret once, keeps it sealed, and audits the endpoint without it', async () => {
    const created = await register(await admin());
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(endpoint).toMatchObject({
      serviceAccountId: 'svc-bjs',
      serviceAccountName: 'BJS system',
      url: 'https://hooks.partner.test/portal',
      eventTypes: ['report.available', 'report.replaced'],
      categoryCodes: ['SETTLEMENT'],
      partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
      enabled: true,
      consecutiveFailures: 0,
      createdBy: 'E100001',
    });
    const row = (await stored()).find((e) => e.endpoint_id === endpoint.endpointId)!;
    expect(row.secret_sealed).not.toContain(secret.slice(6));
    expect(openSecret(t.config.webhooks.secretKey, row.secret_sealed)).toBe(secret);
    const listed = await call(await admin(), 'GET', '/api/admin/webhooks');
    expect(listed.body).not.toContain(secret.slice(6));
    // The form's URL help follows the settings in force (here https only, no range opened).
    expect(t.config.webhooks).toMatchObject({ allowHttp: false, allowedRanges: [] });
    expect(listed.json().urlHelp).toBe(
      'https only; it must not resolve to a private, loopback or metadata address.',
    );
    expect(listed.json().endpoints.map((e: { endpointId: string }) => e.endpointId)).toContain(
      endpoint.endpointId,
    );
    const [audit] = await listAuditEntries(t.database.db, 'webhook-endpoint', endpoint.endpointId);
    expect(audit?.action).toBe('webhook-endpoint.create');
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  const refusals: Array<[string, object, string, string]> = [
    ['not https', { url: 'http://hooks.partner.test/portal' }, 'url', ENDPOINT_URL_MESSAGES.notHttps],
    [
      'with credentials',
      { url: 'https://user:pw@hooks.partner.test/' },
      'url',
      ENDPOINT_URL_MESSAGES.credentials,
    ],
    [
      'over 2,000 characters',
      { url: `https://hooks.partner.test/${'a'.repeat(2000)}` },
      'url',
      ENDPOINT_URL_MESSAGES.tooLong,
    ],
    ['that does not parse', { url: 'hooks partner' }, 'url', ENDPOINT_URL_MESSAGES.notAUrl],
    ['whose host does not resolve', { url: 'https://nowhere.test/' }, 'url', WEBHOOK_MESSAGES.unresolvable],
    [
      'with an unknown event',
      { eventTypes: ['report.available', 'report.eaten'] },
      'eventTypes',
      'Unknown event: report.eaten',
    ],
    ['with no event', { eventTypes: [] }, 'eventTypes', WEBHOOK_MESSAGES.noEvents],
    [
      'with an unknown partner',
      { partners: [{ accessTypeCode: 'EXT', partnerCode: 'NOPE' }] },
      'partners',
      'Unknown partner: EXT/NOPE',
    ],
    ['with no partner', { partners: [] }, 'partners', WEBHOOK_MESSAGES.noPartners],
    [
      'for a partner its service account lacks',
      { partners: [{ accessTypeCode: 'EXT', partnerCode: 'SAM' }] },
      'partners',
      'The service account has no access to partner EXT/SAM.',
    ],
    [
      'with an unknown category',
      { categoryCodes: ['NOPE'] },
      'categoryCodes',
      'Unknown report category: NOPE',
    ],
    [
      'for an unknown service account',
      { serviceAccountId: 'svc-nobody' },
      'serviceAccountId',
      WEBHOOK_MESSAGES.notAServiceAccount,
    ],
    [
      'for a person',
      { serviceAccountId: 'E100002' },
      'serviceAccountId',
      WEBHOOK_MESSAGES.notAServiceAccount,
    ],
  ];
  it.each(refusals)(
    'refuses an endpoint %s, naming the field, storing nothing',
    async (_, fields, field, message) => {
      const before = await stored();
      const refused = await register(await admin(), fields);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message, field });
      expect(await stored()).toEqual(before);
    },
  );
});

describe('registration refuses an endpoint resolving to a forbidden address, opening no connection', () => {
  const urls: Record<string, () => string> = {
    '127.0.0.1': () => `https://127.0.0.1:${counter.port}/hook`,
    '::1': () => 'https://[::1]/hook',
    '10.0.0.1 (10/8)': () => 'https://10.0.0.1/hook',
    '169.254.169.254 (metadata)': () => 'https://169.254.169.254/latest/meta-data',
    '::ffff:127.0.0.1 (IPv4-mapped)': () => `https://[::ffff:127.0.0.1]:${counter.port}/hook`,
    'a name resolving to loopback': () => `https://loopback.test:${counter.port}/hook`,
  };
  it.each(Object.keys(urls))('%s', async (what) => {
    const before = await stored();
    const refused = await register(await admin(), { url: urls[what]!() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: WEBHOOK_MESSAGES.forbiddenAddress, field: 'url' });
    expect(await stored()).toEqual(before);
    if (what.startsWith('a name')) expect(looked).toContain('loopback.test');
    expect(counter.connections()).toBe(0);
  });
});

describe('a manager of one partner', () => {
  let samEndpoint: string;
  beforeAll(async () => {
    const created = await register(await admin(), {
      serviceAccountId: 'svc-both',
      partners: [{ accessTypeCode: 'EXT', partnerCode: 'SAM' }],
    });
    samEndpoint = created.json().endpoint.endpointId;
  });

  it("neither sees nor manages another partner's endpoint", async () => {
    const list = (await call(manager, 'GET', '/api/admin/webhooks')).json();
    expect(list.endpoints.map((e: { endpointId: string }) => e.endpointId)).not.toContain(samEndpoint);
    expect(list.partners.map((p: { partnerCode: string }) => p.partnerCode)).toEqual(['BJS']);
    expect(list.serviceAccounts.map((a: { userId: string }) => a.userId)).toContain('svc-bjs');
    expect(list.serviceAccounts.map((a: { userId: string }) => a.userId)).not.toContain('svc-both');
    const before = await stored();
    const path = `/api/admin/webhooks/${samEndpoint}`;
    for (const [method, url, payload] of [
      [
        'PUT',
        path,
        {
          url: 'https://hooks.partner.test/x',
          eventTypes: ['report.deleted'],
          partners: [{ accessTypeCode: 'EXT', partnerCode: 'SAM' }],
        },
      ],
      ['DELETE', path],
      ['POST', `${path}/rotate-secret`],
      ['POST', `${path}/enable`],
      ['POST', `${path}/test`],
      ['GET', `${path}/deliveries`],
    ] as const) {
      expect((await call(manager, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });

  it('is neither offered nor accepted a service account with no partner grant', async () => {
    const offered = (await call(manager, 'GET', '/api/admin/webhooks')).json().serviceAccounts;
    expect(offered.map((a: { userId: string }) => a.userId)).not.toContain('svc-none');
    const toAdmin = (await call(await admin(), 'GET', '/api/admin/webhooks')).json().serviceAccounts;
    expect(toAdmin.map((a: { userId: string }) => a.userId)).toContain('svc-none');
    const before = await stored();
    const refused = await register(manager, { serviceAccountId: 'svc-none' });
    expect(refused.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('registers only for partners and service accounts within their own', async () => {
    expect(
      (await register(manager, { partners: [{ accessTypeCode: 'EXT', partnerCode: 'SAM' }] })).statusCode,
    ).toBe(403);
    expect((await register(manager, { serviceAccountId: 'svc-both' })).statusCode).toBe(403);
    const created = await register(manager);
    expect(created.statusCode).toBe(201);
    const mine = created.json().endpoint.endpointId;
    const list = (await call(manager, 'GET', '/api/admin/webhooks')).json();
    expect(list.endpoints.map((e: { endpointId: string }) => e.endpointId)).toEqual([
      ...(
        (await call(await admin(), 'GET', '/api/admin/webhooks')).json().endpoints as {
          endpointId: string;
          partners: { partnerCode: string }[];
        }[]
      )
        .filter((e) => e.partners.every((p) => p.partnerCode === 'BJS'))
        .map((e) => e.endpointId),
    ]);
    expect(list.endpoints.map((e: { endpointId: string }) => e.endpointId)).toContain(mine);
  });
});

describe('actions on an endpoint', () => {
  let endpointId: string;
  let secret: string;
  beforeAll(async () => {
    ({
      endpoint: { endpointId },
      secret,
    } = (await register(await admin())).json());
  });
  const path = () => `/api/admin/webhooks/${endpointId}`;

  it('changes the endpoint, refusing a bad field with nothing stored', async () => {
    const refused = await call(await admin(), 'PUT', path(), {
      url: 'https://10.0.0.1/',
      eventTypes: ['report.deleted'],
      partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    });
    expect(refused.json()).toEqual({ message: WEBHOOK_MESSAGES.forbiddenAddress, field: 'url' });
    const changed = await call(await admin(), 'PUT', path(), {
      url: 'https://hooks.partner.test/v2',
      description: 'v2',
      eventTypes: ['report.deleted', 'monitor.missing'],
      partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
      categoryCodes: [],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      url: 'https://hooks.partner.test/v2',
      description: 'v2',
      eventTypes: ['report.deleted', 'monitor.missing'],
      categoryCodes: [],
    });
  });

  it('rotates the secret: a new one shown once, the old one signing for 24 hours more', async () => {
    const rotated = await call(await admin(), 'POST', `${path()}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { endpoint, secret: next } = rotated.json();
    expect(next).not.toBe(secret);
    const overlap = new Date(endpoint.previousSecretExpiresAt).getTime() - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    const row = (await stored()).find((e) => e.endpoint_id === endpointId)!;
    expect(openSecret(t.config.webhooks.secretKey, row.secret_sealed)).toBe(next);
    expect(openSecret(t.config.webhooks.secretKey, row.previous_secret_sealed!)).toBe(secret);
  });

  it('queues a test event due now, redelivers it under the same id, and shows the log', async () => {
    const before = new Date();
    const queued = await call(await admin(), 'POST', `${path()}/test`);
    expect(queued.statusCode).toBe(202);
    const { deliveryId } = queued.json();
    expect(deliveryId).toMatch(/^msg_[0-9a-f]{32}$/);
    const wakeUps = async () =>
      (
        await t.database.db
          .selectFrom('outbox')
          .select('payload')
          .where('job_name', '=', 'webhooks.wake')
          .execute()
      ).map((row) => row.payload);
    expect(await wakeUps()).toEqual([{ reason: 'test event' }]);
    const row = () =>
      t.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('delivery_id', '=', deliveryId)
        .executeTakeFirstOrThrow();
    const made = await row();
    expect(made).toMatchObject({ status: 'pending', attempts: 0, round_attempts: 0, claimed_until: null });
    expect(made.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(made.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(made.first_due_at).toEqual(made.next_attempt_at);
    const log = async () => (await call(await admin(), 'GET', `${path()}/deliveries`)).json().deliveries[0];
    expect(await log()).toMatchObject({
      deliveryId,
      eventId: null,
      eventType: 'webhook.test',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: made.next_attempt_at.toISOString(),
      waiting: null,
      attemptLog: [],
    });

    // Given up, while its endpoint backs off: sent again by hand, it is due now with a fresh
    // schedule, the endpoint's probe comes forward, and the log says it waits for that probe.
    const failingSince = new Date('2026-11-26T09:58:07.000Z');
    await t.database.db
      .updateTable('webhook_endpoints')
      .set({
        consecutive_failures: 7,
        failing_since: failingSince,
        next_probe_at: new Date(Date.now() + 6 * 3600_000),
        probe_failures: 2,
      })
      .where('endpoint_id', '=', endpointId)
      .execute();
    await t.database.db
      .updateTable('webhook_deliveries')
      .set({
        status: 'failed',
        attempts: 3,
        round_attempts: 3,
        first_due_at: failingSince,
        next_attempt_at: failingSince,
      })
      .where('delivery_id', '=', deliveryId)
      .execute();
    expect(await log()).toMatchObject({ status: 'failed', nextAttemptAt: null, waiting: null });

    const asked = new Date();
    const again = await call(await admin(), 'POST', `${path()}/deliveries/${deliveryId}/redeliver`);
    expect(again.statusCode).toBe(202);
    expect(await wakeUps()).toEqual([{ reason: 'test event' }, { reason: 'redelivery' }]);
    const reopened = await row();
    expect(reopened).toMatchObject({ status: 'pending', attempts: 3, round_attempts: 0 });
    expect(reopened.next_attempt_at.getTime()).toBeGreaterThanOrEqual(asked.getTime());
    expect(reopened.first_due_at).toEqual(reopened.next_attempt_at);
    const endpointRow = (await stored()).find((e) => e.endpoint_id === endpointId)!;
    expect(endpointRow.next_probe_at!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(endpointRow.next_probe_at!.getTime()).toBeGreaterThanOrEqual(asked.getTime());
    expect(await log()).toMatchObject({
      deliveryId,
      status: 'pending',
      waiting: {
        endpointFailingSince: failingSince.toISOString(),
        nextProbeAt: endpointRow.next_probe_at!.toISOString(),
      },
    });
    const unknown = await call(await admin(), 'POST', `${path()}/deliveries/msg_${'0'.repeat(32)}/redeliver`);
    expect(unknown.statusCode).toBe(404);
  });

  it('enables a disabled endpoint, forgetting its failures and its backing off', async () => {
    await t.database.db
      .updateTable('webhook_endpoints')
      .set({
        enabled: false,
        disabled_reason: 'Disabled after 55 failed deliveries in a row',
        consecutive_failures: 55,
        failing_since: new Date('2026-11-20T00:00:00.000Z'),
        next_probe_at: new Date('2026-11-30T00:00:00.000Z'),
        probe_failures: 50,
      })
      .where('endpoint_id', '=', endpointId)
      .execute();
    const enabled = await call(await admin(), 'POST', `${path()}/enable`);
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
    expect((await stored()).find((e) => e.endpoint_id === endpointId)).toMatchObject({
      failing_since: null,
      next_probe_at: null,
      probe_failures: 0,
    });
  });

  it('deletes the endpoint, and audits every change', async () => {
    expect((await call(await admin(), 'DELETE', path())).statusCode).toBe(200);
    expect((await stored()).some((e) => e.endpoint_id === endpointId)).toBe(false);
    expect((await call(await admin(), 'DELETE', path())).statusCode).toBe(404);
    const actions = (await listAuditEntries(t.database.db, 'webhook-endpoint', endpointId)).map(
      (a) => a.action,
    );
    expect(actions).toEqual([
      'webhook-endpoint.create',
      'webhook-endpoint.update',
      'webhook-endpoint.rotate-secret',
      'webhook-endpoint.test',
      'webhook-endpoint.redeliver',
      'webhook-endpoint.enable',
      'webhook-endpoint.delete',
    ]);
  });
});
