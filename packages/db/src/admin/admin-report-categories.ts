import type { SortOrder } from '@portal/domain/admin/admin-paging';
import type { PartnerScope } from '@portal/domain/admin/admin-partner';
import type { ReportCategoryValues } from '@portal/domain/admin/admin-report-category';
import { type Expression, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db.js';
import { partnerInScope } from '../reports/partner-scope.js';
import { boundedCount, containsPattern, offsetOf, type Page, type PageRequest } from './admin-lists.js';

// Report categories as the administration sees them (SPEC.md §3): name, code, external link,
// frequency types, owner emails and the partners that have the category.

type CodeName = { code: string; name: string };
export type CategoryPartner = { partnerId: number; type: string; code: string; name: string };
export type AdminReportCategory = {
  code: string;
  name: string;
  externalLink: string | null;
  ownerEmails: string[];
  frequencyTypes: CodeName[];
  partnerCount: number;
};
export type CategoryListQuery = PageRequest & {
  filters: { code?: string; name?: string };
  /** Whose partners the partner counts include: a manager sees only their partners' part. */
  scope?: PartnerScope;
  sort: 'code' | 'name';
  order: SortOrder;
};

function frequencyTypesOf(db: Db, categoryCode: Expression<string>) {
  return jsonArrayFrom(
    db
      .selectFrom('report_category_frequency_types as cf')
      .innerJoin('frequency_types as f', 'f.code', 'cf.frequency_type_code')
      .select(['f.code', 'f.name'])
      .where('cf.category_code', '=', categoryCode)
      .orderBy('f.code'),
  );
}

function selectCategories(db: Db, scope: PartnerScope) {
  return db.selectFrom('report_categories as c').select((eb) => [
    'c.code',
    'c.name',
    'c.external_link as externalLink',
    'c.owner_emails as ownerEmails',
    frequencyTypesOf(db, eb.ref('c.code')).as('frequencyTypes'),
    eb
      .selectFrom('partner_categories as pc')
      .innerJoin('partners as p', 'p.partner_id', 'pc.partner_id')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('pc.category_code', '=', 'c.code')
      .where((inner) => partnerInScope(inner, scope))
      .$castTo<number>()
      .as('partnerCount'),
  ]);
}

export async function listAdminReportCategories(
  db: Db,
  query: CategoryListQuery,
): Promise<Page<AdminReportCategory>> {
  let q = db.selectFrom('report_categories as c');
  if (query.filters.code?.trim())
    q = q.where(sql<string>`lower(c.code)`, 'like', containsPattern(query.filters.code));
  if (query.filters.name?.trim())
    q = q.where(sql<string>`lower(c.name)`, 'like', containsPattern(query.filters.name));
  const page = await q
    .select('c.code')
    .orderBy(query.sort === 'code' ? sql`lower(c.code)` : sql`lower(c.name)`, query.order)
    .orderBy('c.code', query.order)
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  const total = await boundedCount(db, q.select('c.code'));
  if (page.length === 0) return { rows: [], total };
  const rows = await selectCategories(db, query.scope ?? 'all')
    .where(
      'c.code',
      'in',
      page.map((r) => r.code),
    )
    .execute();
  const byCode = new Map(rows.map((row) => [row.code, { ...row, partnerCount: Number(row.partnerCount) }]));
  return { rows: page.map((r) => byCode.get(r.code)!), total };
}

/**
 * One category with its partners: all of them, or (with a manager's scope) only those the manager
 * may access, the others left out in the query itself.
 */
export async function findAdminReportCategory(db: Db, code: string, scope: PartnerScope = 'all') {
  const category = await selectCategories(db, scope)
    .where(sql<string>`lower(c.code)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
  if (!category) return undefined;
  const partners: CategoryPartner[] = await db
    .selectFrom('partner_categories as pc')
    .innerJoin('partners as p', 'p.partner_id', 'pc.partner_id')
    .select(['p.partner_id as partnerId', 'p.access_type_code as type', 'p.code', 'p.name'])
    .where('pc.category_code', '=', category.code)
    .where((eb) => partnerInScope(eb, scope))
    .orderBy('p.access_type_code')
    .orderBy(sql`lower(p.code)`)
    .execute();
  const outside =
    scope === 'all'
      ? undefined
      : await db
          .selectFrom('partner_categories as pc')
          .innerJoin('partners as p', 'p.partner_id', 'pc.partner_id')
          .select('p.partner_id')
          .where('pc.category_code', '=', category.code)
          .where((eb) => eb.not(partnerInScope(eb, scope)))
          .limit(1)
          .executeTakeFirst();
  /** Partners outside the scope also have it: the manager reads their own part and may not change it. */
  const sharedOutsideScope = outside !== undefined;
  return { ...category, partnerCount: Number(category.partnerCount), partners, sharedOutsideScope };
}

async function insertFrequencyTypes(db: Db, categoryCode: string, frequencyTypeCodes: readonly string[]) {
  if (frequencyTypeCodes.length === 0) return;
  await db
    .insertInto('report_category_frequency_types')
    .values(
      frequencyTypeCodes.map((frequency_type_code) => ({ category_code: categoryCode, frequency_type_code })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertReportCategory(db: Db, values: ReportCategoryValues): Promise<void> {
  await db
    .insertInto('report_categories')
    .values({
      code: values.code,
      name: values.name,
      external_link: values.externalLink,
      owner_emails: values.ownerEmails,
    })
    .execute();
  await insertFrequencyTypes(db, values.code, values.frequencyTypeCodes);
}

/**
 * Changes a category (its code is locked). Frequency types it no longer has are taken from its
 * partners too, with the alerts in them: a partner only receives what the category publishes.
 */
export async function updateReportCategory(db: Db, values: ReportCategoryValues): Promise<void> {
  await db
    .updateTable('report_categories')
    .set({
      name: values.name,
      external_link: values.externalLink,
      owner_emails: values.ownerEmails,
      updated_at: sql<Date>`now()`,
    })
    .where('code', '=', values.code)
    .execute();
  const kept = values.frequencyTypeCodes;
  let dropTypes = db.deleteFrom('report_category_frequency_types').where('category_code', '=', values.code);
  let dropPartnerTypes = db
    .deleteFrom('partner_category_frequency_types')
    .where('category_code', '=', values.code);
  let dropMonitors = db.deleteFrom('report_monitors').where('category_code', '=', values.code);
  if (kept.length > 0) {
    dropTypes = dropTypes.where('frequency_type_code', 'not in', kept);
    dropPartnerTypes = dropPartnerTypes.where('frequency_type_code', 'not in', kept);
    dropMonitors = dropMonitors.where('frequency_type_code', 'not in', kept);
  }
  await dropTypes.execute();
  await dropPartnerTypes.execute();
  await dropMonitors.execute();
  await insertFrequencyTypes(db, values.code, kept);
}

/**
 * Makes `partnerIds` the partners of the category: new ones get it in all its frequency types,
 * removed ones lose it with their alerts in it.
 */
export async function setCategoryPartners(db: Db, categoryCode: string, partnerIds: readonly number[]) {
  let removal = db.deleteFrom('partner_categories').where('category_code', '=', categoryCode);
  let monitorRemoval = db.deleteFrom('report_monitors').where('category_code', '=', categoryCode);
  if (partnerIds.length > 0) {
    removal = removal.where('partner_id', 'not in', [...partnerIds]);
    monitorRemoval = monitorRemoval.where('partner_id', 'not in', [...partnerIds]);
  }
  await monitorRemoval.execute();
  await removal.execute();
  if (partnerIds.length === 0) return;
  const added = await db
    .insertInto('partner_categories')
    .values(partnerIds.map((partner_id) => ({ partner_id, category_code: categoryCode })))
    .onConflict((oc) => oc.doNothing())
    .returning('partner_id')
    .execute();
  if (added.length === 0) return;
  await db
    .insertInto('partner_category_frequency_types')
    .columns(['partner_id', 'category_code', 'frequency_type_code'])
    .expression((eb) =>
      eb
        .selectFrom(['report_category_frequency_types as cf', 'partners as p'])
        .select(['p.partner_id', 'cf.category_code', 'cf.frequency_type_code'])
        .where('cf.category_code', '=', categoryCode)
        .where(
          'p.partner_id',
          'in',
          added.map((a) => a.partner_id),
        ),
    )
    .execute();
}

/** The partner ids of these access type and code pairs (one query however many), and the pairs unknown. */
export async function resolvePartners(db: Db, refs: readonly { type: string; code: string }[]) {
  if (refs.length === 0) return { partnerIds: [], unknown: [] };
  const types = refs.map((r) => r.type.trim().toUpperCase());
  const codes = refs.map((r) => r.code.trim().toLowerCase());
  const rows = await db
    .selectFrom('partners')
    .select(['partner_id', 'access_type_code', 'code'])
    .where(
      sql<boolean>`(access_type_code, lower(code)) in (select * from unnest(${types}::text[], ${codes}::text[]))`,
    )
    .execute();
  const key = (type: string, code: string) => `${type.toUpperCase()}/${code.toLowerCase()}`;
  const known = new Set(rows.map((r) => key(r.access_type_code, r.code)));
  return {
    partnerIds: rows.map((r) => r.partner_id),
    unknown: refs.filter((r) => !known.has(key(r.type.trim(), r.code.trim()))),
  };
}

export async function categoryHasReports(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('report_id')
    .where('category_code', '=', code)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteReportCategory(db: Db, code: string): Promise<void> {
  await db.deleteFrom('report_categories').where('code', '=', code).execute();
}
