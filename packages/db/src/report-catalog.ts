import type { Kysely, Transaction } from 'kysely';
import { partnerCategoryFrequencyTypes } from './partner-frequency-types.js';
import type { Database } from './schema.js';

// The reads behind partner selection and report categories (SPEC.md §2, §3): partners with
// their access types, a partner by its codes, and the categories a partner receives with that
// partner's frequency types for each.

type Db = Kysely<Database> | Transaction<Database>;

export type CatalogPartner = {
  partnerId: number;
  name: string;
  code: string;
  /** The access type code (SPEC.md §3: a partner's `type`). */
  type: string;
  accessTypeName: string;
};

export type FrequencyTypeRef = { code: string; name: string };

export type PartnerCategory = {
  name: string;
  code: string;
  externalLink: string | null;
  frequencyTypes: FrequencyTypeRef[];
};

function selectPartners(db: Db) {
  return db
    .selectFrom('partners')
    .innerJoin('access_types', 'access_types.code', 'partners.access_type_code')
    .select([
      'partners.partner_id as partnerId',
      'partners.name',
      'partners.code',
      'partners.access_type_code as type',
      'access_types.name as accessTypeName',
    ]);
}

/** Every partner, by access type then name; callers keep those the user may see. */
export async function listCatalogPartners(db: Db): Promise<CatalogPartner[]> {
  return selectPartners(db)
    .orderBy('partners.access_type_code')
    .orderBy('partners.name')
    .orderBy('partners.code')
    .execute();
}

/** A partner by access type and code, both matched without regard to case. */
export async function findCatalogPartner(
  db: Db,
  accessTypeCode: string,
  partnerCode: string,
): Promise<CatalogPartner | undefined> {
  return selectPartners(db)
    .where('partners.access_type_code', '=', accessTypeCode.trim().toUpperCase())
    .where((eb) => eb(eb.fn('upper', ['partners.code']), '=', partnerCode.trim().toUpperCase()))
    .executeTakeFirst();
}

function frequencyTypesOf(db: Db, partnerId: number, categoryCode: string) {
  return db
    .selectFrom('partner_category_frequency_types as pcft')
    .innerJoin('frequency_types', 'frequency_types.code', 'pcft.frequency_type_code')
    .select(['frequency_types.code', 'frequency_types.name'])
    .where('pcft.partner_id', '=', partnerId)
    .where('pcft.category_code', '=', categoryCode);
}

/** The categories a partner receives, by name, each with that partner's frequency types. */
export async function listPartnerCategories(db: Db, partnerId: number): Promise<PartnerCategory[]> {
  return db
    .selectFrom('partner_categories')
    .innerJoin('report_categories', 'report_categories.code', 'partner_categories.category_code')
    .select((eb) => [
      'report_categories.name',
      'report_categories.code',
      'report_categories.external_link as externalLink',
      partnerCategoryFrequencyTypes(
        db,
        eb.ref('partner_categories.partner_id'),
        eb.ref('partner_categories.category_code'),
      ).as('frequencyTypes'),
    ])
    .where('partner_categories.partner_id', '=', partnerId)
    .orderBy('report_categories.name')
    .execute();
}

/** One category of a partner (code matched without regard to case), or nothing. */
export async function findPartnerCategory(
  db: Db,
  partnerId: number,
  categoryCode: string,
): Promise<PartnerCategory | undefined> {
  const category = await db
    .selectFrom('partner_categories')
    .innerJoin('report_categories', 'report_categories.code', 'partner_categories.category_code')
    .select([
      'report_categories.name',
      'report_categories.code',
      'report_categories.external_link as externalLink',
    ])
    .where('partner_categories.partner_id', '=', partnerId)
    .where((eb) => eb(eb.fn('upper', ['report_categories.code']), '=', categoryCode.trim().toUpperCase()))
    .executeTakeFirst();
  if (!category) return undefined;
  const frequencyTypes = await frequencyTypesOf(db, partnerId, category.code)
    .orderBy('frequency_types.code')
    .execute();
  return { ...category, frequencyTypes };
}
