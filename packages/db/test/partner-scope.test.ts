import { canAccessPartner, type Principal } from '@portal/domain';
import { partnerScope } from '@portal/domain/admin/admin-partner';
import { createTestDatabase, ensureAccessTypes, type TestDatabase } from '@portal/testing/db';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { partnerInScope } from '../src/reports/partner-scope.js';

// The partner filter of the admin lists is SQL (partnerInScope over partnerScope); the one of
// every other check is the domain's canAccessPartner. Both say SPEC.md §6; on any user they
// must pick the same partners, whatever the case of the codes in grants and in the database.

const partners = [
  { access_type_code: 'EXT', code: 'BJS', name: 'BJ' },
  { access_type_code: 'EXT', code: 'Sam', name: 'Sam' },
  { access_type_code: 'EXT', code: 'all', name: 'A partner whose code is all' },
  { access_type_code: 'INT', code: 'wsi', name: 'WSI' },
  { access_type_code: 'INT', code: 'BJS', name: 'BJ internal' },
  { access_type_code: 'TNT', code: 'ACM', name: 'Acme' },
];
const code = fc.constantFrom('BJS', 'bjs', 'SAM', 'sam', 'WSI', 'ACM', 'ALL', 'all', 'XYZ');
const accessType = fc.constantFrom('INT', 'EXT', 'TNT', 'ext', 'int');
const user: fc.Arbitrary<Principal> = fc.record({
  isInternalAdmin: fc.boolean(),
  isExternalUser: fc.option(fc.boolean(), { nil: null }),
  features: fc.constant([]),
  partnerGrants: fc.array(fc.record({ accessTypeCode: accessType, partnerCode: code }), { maxLength: 4 }),
});

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await ensureAccessTypes(t.db, { code: 'TNT', name: 'Tenant' });
  await t.db.insertInto('partners').values(partners).execute();
});
afterAll(async () => t?.drop());

it('partnerInScope (SQL) and canAccessPartner (domain) pick the same partners', async () => {
  await fc.assert(
    fc.asyncProperty(user, async (principal) => {
      const rows = await t.db
        .selectFrom('partners as p')
        .select(['p.access_type_code', 'p.code'])
        .where((eb) => partnerInScope(eb, partnerScope(principal)))
        .execute();
      const bySql = rows.map((row) => `${row.access_type_code}/${row.code}`).sort();
      const byDomain = partners
        .filter((partner) => canAccessPartner(principal, partner.access_type_code, partner.code))
        .map((partner) => `${partner.access_type_code}/${partner.code}`)
        .sort();
      expect(bySql).toEqual(byDomain);
    }),
    { numRuns: 200 },
  );
});
