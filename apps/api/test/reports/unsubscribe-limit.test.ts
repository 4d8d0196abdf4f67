import { randomBytes } from 'node:crypto';
import { UNSUBSCRIBE_RATE_LIMIT } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReportCatalog } from './fixtures.js';

// The one-click unsubscribe needs no session, so its calls are counted per client address:
// UNSUBSCRIBE_RATE_LIMIT.max a minute for each of its routes, the next one answered 429 with
// Retry-After, whatever its token; another address keeps its own allowance. The window is Redis's,
// not the injected clock's: the test runs inside it and waits on none.

const { max, timeWindowMs } = UNSUBSCRIBE_RATE_LIMIT;
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let personas: SeededPersonas;

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  await seedReportCatalog(t.database.db);
});
afterAll(async () => t?.close());

async function subscribedToken(): Promise<{ subscriptionId: number; token: string }> {
  const followed = await t.app.inject({
    method: 'PUT',
    url: '/api/reports/EXT/BJS/ACCOUNTS/subscription',
    headers: await personas.headers('externalReports'),
    payload: { delivery: 'AS_THEY_ARRIVE' },
  });
  expect(followed.statusCode).toBe(200);
  const { subscriptionId } = followed.json().subscription;
  const row = await t.database.db
    .selectFrom('report_subscriptions')
    .select('unsubscribe_token')
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirstOrThrow();
  return { subscriptionId, token: row.unsubscribe_token };
}

const unknownToken = () => randomBytes(24).toString('base64url');
const stillSubscribed = async (subscriptionId: number) =>
  (
    await t.database.db
      .selectFrom('report_subscriptions')
      .select('subscription_id')
      .where('subscription_id', '=', subscriptionId)
      .execute()
  ).length === 1;

function expectRefused(reply: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(reply.statusCode).toBe(429);
  const retryAfter = Number(reply.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(timeWindowMs / 1000);
  expect(reply.json()).toEqual({
    message: expect.stringMatching(/^Too many attempts\. Please try again in /),
  });
}

describe('the one-click unsubscribe, counted per client address', () => {
  it(`refuses an unsubscribe beyond ${max} from one address in a minute, and not another address's`, async () => {
    const address = '192.0.2.10';
    const { subscriptionId, token } = await subscribedToken();
    for (let i = 0; i < max; i++) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/unsubscribe/${unknownToken()}`,
        headers: ONE_CLICK,
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: address,
      });
      expect(reply.statusCode, `unsubscribe ${i + 1}`).toBe(404);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: ONE_CLICK,
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: address,
    });
    expectRefused(over);
    expect(await stillSubscribed(subscriptionId)).toBe(true);

    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: ONE_CLICK,
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: '192.0.2.11',
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(await stillSubscribed(subscriptionId)).toBe(false);
  });

  it(`refuses a read of an unsubscribe link beyond ${max} from one address in a minute`, async () => {
    const address = '198.51.100.7';
    const read = () =>
      t.app.inject({ method: 'GET', url: `/api/unsubscribe/${unknownToken()}`, remoteAddress: address });
    for (let i = 0; i < max; i++) expect((await read()).statusCode, `read ${i + 1}`).toBe(200);
    expectRefused(await read());
  });
});
