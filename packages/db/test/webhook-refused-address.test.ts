import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/migrations/2026112710_webhook_refused_address.js';

// Refusals logged before the address had a column of its own wrote it at the end of the error: the
// migration moves it there, from the attempt, the delivery's last error and a disabled reason.
const REFUSED =
  'The endpoint resolves to an address the portal does not send to (loopback, private, link-local or metadata).';

describe('moving a refused address out of the delivery log', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db
      .insertInto('users')
      .values({ user_id: 'svc', email: 'svc', is_service_account: true })
      .execute();
    const [refused, other] = await t.db
      .insertInto('webhook_endpoints')
      .values(
        [
          `Disabled after 50 failed deliveries in a row; the last: ${REFUSED} (169.254.169.254).`,
          'HTTP 500',
        ].map((reason) => ({
          service_account_id: 'svc',
          url: 'https://hooks.example.com/',
          event_types: ['report.available'],
          secret_sealed: 'sealed',
          enabled: false,
          disabled_reason: reason,
          created_by: 'svc',
        })),
      )
      .returning('endpoint_id')
      .execute();
    const delivery = (n: string, endpointId: string, lastError: string) => ({
      delivery_id: `msg_${n.repeat(32)}`,
      endpoint_id: endpointId,
      event_type: 'webhook.test',
      body: '{}',
      status: 'failed' as const,
      attempts: 2,
      last_error: lastError,
    });
    await t.db
      .insertInto('webhook_deliveries')
      .values([
        delivery('a', refused!.endpoint_id, `${REFUSED} (::1)`),
        delivery('b', other!.endpoint_id, 'HTTP 500'),
      ])
      .execute();
    const attempt = (n: string, attempt: number, error: string | null) => ({
      delivery_id: `msg_${n.repeat(32)}`,
      attempt,
      started_at: new Date('2026-11-26T10:00:00Z'),
      duration_ms: 0,
      response_status: null,
      error,
    });
    await t.db
      .insertInto('webhook_delivery_attempts')
      .values([
        attempt('a', 1, `${REFUSED} (10.0.0.1)`),
        attempt('a', 2, `${REFUSED} (::1)`),
        attempt('b', 1, 'socket hang up (ECONNRESET)'),
        attempt('b', 2, null),
      ])
      .execute();
  });
  afterAll(() => t?.drop());

  it('keeps the address in its column and the reason alone in the texts a manager reads', async () => {
    await up(t.db as unknown as Kysely<unknown>);
    const attempts = await t.db
      .selectFrom('webhook_delivery_attempts')
      .select(['delivery_id', 'attempt', 'error', 'refused_address'])
      .orderBy('delivery_id')
      .orderBy('attempt')
      .execute();
    expect(attempts.map((a) => [a.error, a.refused_address])).toEqual([
      [REFUSED, '10.0.0.1'],
      [REFUSED, '::1'],
      ['socket hang up (ECONNRESET)', null],
      [null, null],
    ]);
    const deliveries = await t.db
      .selectFrom('webhook_deliveries')
      .select('last_error')
      .orderBy('delivery_id')
      .execute();
    expect(deliveries.map((d) => d.last_error)).toEqual([REFUSED, 'HTTP 500']);
    const reasons = await t.db
      .selectFrom('webhook_endpoints')
      .select('disabled_reason')
      .orderBy('disabled_reason')
      .execute();
    expect(reasons.map((e) => e.disabled_reason)).toEqual([
      `Disabled after 50 failed deliveries in a row; the last: ${REFUSED}.`,
      'HTTP 500',
    ]);
  });
});
