import { createServiceAccount, listAuditEntries } from '@portal/db';
import { newPartner } from '@portal/testing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINT_WITHOUT_PARTNER } from '../../src/admin/delete-partner.js';
import { ENABLE_WITHOUT_PARTNER } from '../../src/webhooks/endpoint-actions.js';
import { type Headers, startWebhookApp, type WebhookApp } from './webhook-app.js';

// An endpoint whose partners are all deleted belongs to internal administrators only: the deletion
// disables it with its reason (audited with the partner's), and a manager, of whatever partner, no
// longer lists it and is refused every route on it, while an internal admin still sees and manages
// it (and enables it only once it has a partner again). An endpoint that keeps another partner keeps
// running, now within that partner's managers' scope.

let w: WebhookApp;
let orphan: string;
let shared: string;
let deliveryId: string;

const ext = (partnerCode: string) => ({ accessTypeCode: 'EXT', partnerCode });
const endpoints = () =>
  w.t.database.db
    .selectFrom('webhook_endpoints')
    .select(['endpoint_id', 'url', 'enabled', 'disabled_reason', 'secret_sealed', 'updated_at'])
    .orderBy('endpoint_id')
    .execute();
const listed = async (headers: Headers) =>
  (await w.call(headers, 'GET', '/api/admin/webhooks')).json().endpoints as {
    endpointId: string;
    enabled: boolean;
    disabledReason: string | null;
    partners: { partnerCode: string }[];
  }[];

beforeAll(async () => {
  w = await startWebhookApp({}, (hostname) =>
    hostname === 'hooks.partner.test' ? '93.184.216.34' : undefined,
  );
  await newPartner(w.t.database.db, { code: 'GONE', name: 'Gone Inc.' });
  await createServiceAccount(w.t.database.db, {
    userId: 'svc-gone',
    name: 'Gone system',
    features: ['VIEW_REPORTS'],
    partnerGrants: [ext('GONE')],
  });
  await createServiceAccount(w.t.database.db, {
    userId: 'svc-gone-and-bjs',
    name: 'Gone and BJS system',
    features: ['VIEW_REPORTS'],
    partnerGrants: [ext('GONE'), ext('BJS')],
  });
  const register = async (
    serviceAccountId: string,
    partners: { accessTypeCode: string; partnerCode: string }[],
  ) => {
    const created = await w.call(w.admin, 'POST', '/api/admin/webhooks', {
      serviceAccountId,
      url: 'https://hooks.partner.test/portal',
      eventTypes: ['report.available'],
      partners,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().endpoint.endpointId as string;
  };
  orphan = await register('svc-gone', [ext('GONE')]);
  shared = await register('svc-gone-and-bjs', [ext('GONE'), ext('BJS')]);
  deliveryId = (await w.call(w.admin, 'POST', `/api/admin/webhooks/${orphan}/test`)).json().deliveryId;
  const deleted = await w.call(w.admin, 'DELETE', '/api/partners/EXT/GONE');
  expect(deleted.statusCode, deleted.body).toBe(200);
});
afterAll(async () => w?.t.close());

describe('an endpoint whose partners were all deleted', () => {
  it('is disabled with its reason, audited with the deletion', async () => {
    const rows = await endpoints();
    expect(rows.find((e) => e.endpoint_id === orphan)).toMatchObject({
      enabled: false,
      disabled_reason: WEBHOOK_ENDPOINT_WITHOUT_PARTNER('EXT/GONE'),
    });
    expect(WEBHOOK_ENDPOINT_WITHOUT_PARTNER('EXT/GONE')).toBe(
      'Its last partner, EXT/GONE, was deleted: only an internal administrator manages it now. Give it a partner before enabling it.',
    );
    const [audit] = await listAuditEntries(w.t.database.db, 'partner', 'EXT/GONE');
    expect(audit).toMatchObject({ action: 'partner.delete', detail: { disabledWebhookEndpoints: [orphan] } });
  });

  it('is neither listed to a manager of another partner nor theirs on any route', async () => {
    expect((await listed(w.manager)).map((e) => e.endpointId)).not.toContain(orphan);
    const before = await endpoints();
    const path = `/api/admin/webhooks/${orphan}`;
    for (const [method, url, payload] of [
      ['GET', `${path}/deliveries`],
      ['POST', `${path}/test`],
      ['POST', `${path}/deliveries/${deliveryId}/redeliver`],
      ['POST', `${path}/rotate-secret`],
      ['POST', `${path}/enable`],
      [
        'PUT',
        path,
        { url: 'https://hooks.partner.test/mine', eventTypes: ['report.available'], partners: [ext('BJS')] },
      ],
      ['DELETE', path],
    ] as const) {
      expect((await w.call(w.manager, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await endpoints()).toEqual(before);
  });

  it('is listed to an internal admin, who reads its deliveries and may not enable it while it has no partner', async () => {
    expect((await listed(w.admin)).find((e) => e.endpointId === orphan)).toMatchObject({
      enabled: false,
      disabledReason: WEBHOOK_ENDPOINT_WITHOUT_PARTNER('EXT/GONE'),
      partners: [],
    });
    const log = await w.call(w.admin, 'GET', `/api/admin/webhooks/${orphan}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json().deliveries.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([deliveryId]);
    const enable = await w.call(w.admin, 'POST', `/api/admin/webhooks/${orphan}/enable`);
    expect(enable.statusCode).toBe(409);
    expect(enable.json()).toEqual({ message: ENABLE_WITHOUT_PARTNER });
    expect((await endpoints()).find((e) => e.endpoint_id === orphan)?.enabled).toBe(false);
    expect((await w.call(w.admin, 'DELETE', `/api/admin/webhooks/${orphan}`)).statusCode).toBe(200);
  });
});

it('keeps an endpoint with another partner left running, in that partner managers scope', async () => {
  const row = (await endpoints()).find((e) => e.endpoint_id === shared);
  expect(row).toMatchObject({ enabled: true, disabled_reason: null });
  const seen = (await listed(w.manager)).find((e) => e.endpointId === shared);
  expect(seen?.partners.map((p) => p.partnerCode)).toEqual(['BJS']);
  expect((await w.call(w.manager, 'GET', `/api/admin/webhooks/${shared}/deliveries`)).statusCode).toBe(200);
});
