import type { SortOrder } from '@portal/domain/admin/admin-paging';
import type { PartnerScope } from '@portal/domain/admin/admin-partner';
import { type Expression, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db.js';
import { partnerCategoryFrequencyTypes } from '../reports/partner-frequency-types.js';
import { partnerInScope } from '../reports/partner-scope.js';
import { boundedCount, containsPattern, offsetOf, type Page, type PageRequest } from './admin-lists.js';

// Reads of the partner administration (SPEC.md §7 Admin reads): the paged partner list with its
// column filters, one partner with its categories, and the reference lists the form offers.

export type CodeName = { code: string; name: string };
export type AdminPartnerCategory = CodeName & { frequencyTypes: CodeName[] };
export type AdminPartner = {
  partnerId: number;
  type: string;
  code: string;
  name: string;
  categories: AdminPartnerCategory[];
};
export type PartnerListQuery = PageRequest & {
  filters: { type?: string; code?: string; name?: string; categoryCode?: string };
  sort: 'type' | 'code' | 'name';
  order: SortOrder;
  scope: PartnerScope;
};

function partnerCategories(db: Db, partnerId: Expression<number>) {
  return jsonArrayFrom(
    db
      .selectFrom('partner_categories as pc')
      .innerJoin('report_categories as c', 'c.code', 'pc.category_code')
      .select((eb) => [
        'c.code',
        'c.name',
        partnerCategoryFrequencyTypes(db, eb.ref('pc.partner_id'), eb.ref('pc.category_code')).as(
          'frequencyTypes',
        ),
      ])
      .where('pc.partner_id', '=', partnerId)
      .orderBy('c.name'),
  );
}

function selectPartners(db: Db) {
  return db
    .selectFrom('partners as p')
    .select((eb) => [
      'p.partner_id as partnerId',
      'p.access_type_code as type',
      'p.code',
      'p.name',
      partnerCategories(db, eb.ref('p.partner_id')).as('categories'),
    ]);
}

function filteredPartners(db: Db, query: PartnerListQuery) {
  const { type, code, name, categoryCode } = query.filters;
  let q = db.selectFrom('partners as p').where((eb) => partnerInScope(eb, query.scope));
  if (type?.trim()) q = q.where('p.access_type_code', '=', type.trim().toUpperCase());
  if (code?.trim()) q = q.where(sql<string>`lower(p.code)`, 'like', containsPattern(code));
  if (name?.trim()) q = q.where(sql<string>`lower(p.name)`, 'like', containsPattern(name));
  if (categoryCode?.trim()) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('partner_categories as fc')
          .select('fc.partner_id')
          .whereRef('fc.partner_id', '=', 'p.partner_id')
          .where(sql<string>`lower(fc.category_code)`, '=', categoryCode.trim().toLowerCase()),
      ),
    );
  }
  return q;
}

const SORT_KEYS = {
  type: [sql`p.access_type_code`, sql`lower(p.code)`],
  code: [sql`lower(p.code)`, sql`p.access_type_code`],
  name: [sql`lower(p.name)`, sql`lower(p.code)`],
} as const;

/** One page of partners, filtered and sorted in the database, and how many match (null past the bound). */
export async function listAdminPartners(db: Db, query: PartnerListQuery): Promise<Page<AdminPartner>> {
  const filtered = filteredPartners(db, query);
  const ids = await filtered
    .select('p.partner_id')
    .orderBy(SORT_KEYS[query.sort][0], query.order)
    .orderBy(SORT_KEYS[query.sort][1], query.order)
    .orderBy('p.partner_id', query.order)
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  const total = await boundedCount(db, filtered.select('p.partner_id'));
  if (ids.length === 0) return { rows: [], total };
  const rows = await selectPartners(db)
    .where(
      'p.partner_id',
      'in',
      ids.map((r) => r.partner_id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.partnerId, row]));
  return { rows: ids.map((r) => byId.get(r.partner_id)!), total };
}

/** The partners with this code (one per access type at most), or the one of `accessTypeCode`. */
export async function findAdminPartners(
  db: Db,
  partnerCode: string,
  accessTypeCode?: string,
): Promise<AdminPartner[]> {
  let q = selectPartners(db).where(sql<string>`lower(p.code)`, '=', partnerCode.trim().toLowerCase());
  if (accessTypeCode) q = q.where('p.access_type_code', '=', accessTypeCode.trim().toUpperCase());
  return q.orderBy('p.access_type_code').execute();
}

export async function listAccessTypes(db: Db): Promise<CodeName[]> {
  return db.selectFrom('access_types').select(['code', 'name']).orderBy('code').execute();
}

export async function listAllFrequencyTypes(db: Db): Promise<CodeName[]> {
  return db.selectFrom('frequency_types').select(['code', 'name']).orderBy('code').execute();
}

/** Every report category with its frequency types and owners: what a partner can be given. */
export async function listCategoryCatalog(db: Db) {
  return db
    .selectFrom('report_categories as c')
    .select((eb) => [
      'c.code',
      'c.name',
      'c.owner_emails as ownerEmails',
      jsonArrayFrom(
        eb
          .selectFrom('report_category_frequency_types as cf')
          .innerJoin('frequency_types as f', 'f.code', 'cf.frequency_type_code')
          .select(['f.code', 'f.name'])
          .whereRef('cf.category_code', '=', 'c.code')
          .orderBy('f.code'),
      ).as('frequencyTypes'),
    ])
    .orderBy(sql`lower(c.name)`)
    .execute();
}
