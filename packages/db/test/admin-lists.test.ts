import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedCount, containsPattern } from '../src/admin/admin-lists.js';

describe('admin list helpers', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.insertInto('access_types').values({ code: 'EXT', name: 'External' }).execute();
    await t.db
      .insertInto('partners')
      .values(
        Array.from({ length: 30 }, (_, i) => ({ access_type_code: 'EXT', code: `C${i}`, name: `N${i}` })),
      )
      .execute();
  });
  afterAll(async () => t?.drop());

  it('counts matching rows, and answers null (unknown) past the bound', async () => {
    const all = t.db.selectFrom('partners').select('partner_id');
    expect(await boundedCount(t.db, all, 30)).toBe(30);
    expect(await boundedCount(t.db, all, 29)).toBe(null);
    expect(await boundedCount(t.db, all.where('code', 'like', 'C1%'), 5)).toBe(null);
    expect(await boundedCount(t.db, all.where('code', 'like', 'C2%'))).toBe(1 + 10);
  });

  it('makes LIKE patterns that take % _ and \\ literally', () => {
    expect(containsPattern(' 50%_off\\ ')).toBe('%50\\%\\_off\\\\%');
  });
});
