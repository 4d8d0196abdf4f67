import { createTestDatabase, ensureReferenceData, newPartner, type TestDatabase } from '@portal/testing/db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/migrations/2026112711_webhook_endpoints_without_partners.js';

// Endpoints whose partners were deleted before the deletion disabled them: the migration does.
describe('disabling the endpoints left without a partner', () => {
  let t: TestDatabase;
  let withPartner: string;
  let without: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    await ensureReferenceData(t.db);
    await t.db
      .insertInto('users')
      .values({ user_id: 'svc', email: 'svc', is_service_account: true })
      .execute();
    const partnerId = await newPartner(t.db, { code: 'KEEP' });
    const endpoint = async () =>
      (
        await t.db
          .insertInto('webhook_endpoints')
          .values({
            service_account_id: 'svc',
            url: 'https://hooks.example.com/',
            event_types: ['report.available'],
            secret_sealed: 'sealed',
            created_by: 'svc',
          })
          .returning('endpoint_id')
          .executeTakeFirstOrThrow()
      ).endpoint_id;
    withPartner = await endpoint();
    without = await endpoint();
    await t.db
      .insertInto('webhook_endpoint_partners')
      .values({ endpoint_id: withPartner, partner_id: partnerId })
      .execute();
  });
  afterAll(() => t?.drop());

  it('disables those with none, with the reason, and leaves the others running', async () => {
    await up(t.db as unknown as Kysely<unknown>);
    const rows = await t.db
      .selectFrom('webhook_endpoints')
      .select(['endpoint_id', 'enabled', 'disabled_reason'])
      .execute();
    expect(rows.find((r) => r.endpoint_id === withPartner)).toMatchObject({
      enabled: true,
      disabled_reason: null,
    });
    expect(rows.find((r) => r.endpoint_id === without)).toMatchObject({
      enabled: false,
      disabled_reason:
        'Its partners were deleted: only an internal administrator manages it now. Give it a partner before enabling it.',
    });
  });
});
