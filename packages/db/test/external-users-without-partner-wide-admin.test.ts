import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/migrations/2026112301_external_users_without_partner_wide_admin.js';

// Grants made before the rule of feature-holders.ts: the migration withdraws them, with an audit entry.
describe('withdrawing partner-wide administration from external users', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db
      .insertInto('users')
      .values([
        { user_id: 'ext', email: 'ext@x.example', is_external_user: true },
        { user_id: 'int', email: 'int@x.example', is_external_user: false },
      ])
      .execute();
    // Written directly, as a grant made before the rule was.
    await t.db
      .insertInto('user_features')
      .values([
        { user_id: 'ext', feature: 'MANAGE_DASHBOARDS' },
        { user_id: 'ext', feature: 'MANAGE_MARKETING_CONTENT' },
        { user_id: 'int', feature: 'MANAGE_DASHBOARDS' },
      ])
      .execute();
  });
  afterAll(() => t?.drop());

  it('removes the external grant, keeps the others, and audits the removal', async () => {
    await up(t.db as unknown as Kysely<unknown>);
    const features = await t.db
      .selectFrom('user_features')
      .select(['user_id', 'feature'])
      .orderBy('user_id')
      .orderBy('feature')
      .execute();
    expect(features).toEqual([
      { user_id: 'ext', feature: 'MANAGE_MARKETING_CONTENT' },
      { user_id: 'int', feature: 'MANAGE_DASHBOARDS' },
    ]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'entity_id', 'before']).execute();
    expect(audit).toEqual([
      { action: 'user.feature.withdraw', entity_id: 'ext', before: { feature: 'MANAGE_DASHBOARDS' } },
    ]);
  });
});
