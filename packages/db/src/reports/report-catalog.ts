import { compiledOnce } from '../compiled-once.js';
import type { Db } from '../db.js';
import { hasLogo } from '../marketing/partner-images.js';
import { partnerCategoryFrequencyTypes } from './partner-frequency-types.js';

// The reads behind partner selection and report categories (SPEC.md §2, §3): partners with
// their access types, a partner by its codes, and the categories a partner receives with that
// partner's frequency types for each.

export type CatalogPartner = {
  partnerId: number;
  name: string;
  code: string;
  /** The access type code (SPEC.md §3: a partner's `type`). */
  type: string;
  accessTypeName: string;
  /** Whether a logo was uploaded for the partner's code: a card shows the default one at once if not. */
  hasLogo: boolean;
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
      hasLogo('partners.code'),
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

// Built once (compiledOnce): the reports list runs it on every request.
const catalogPartnerCategoryStatement = compiledOnce(
  (db, codes: { accessTypeCode: string; partnerCode: string; categoryCode: string }) =>
    selectPartners(db)
      .leftJoin('partner_categories', (join) =>
        join
          .onRef('partner_categories.partner_id', '=', 'partners.partner_id')
          .on((eb) => eb(eb.fn('upper', ['partner_categories.category_code']), '=', codes.categoryCode)),
      )
      .leftJoin('report_categories', 'report_categories.code', 'partner_categories.category_code')
      .select((eb) => [
        'report_categories.name as categoryName',
        'report_categories.code as categoryCode',
        'report_categories.external_link as externalLink',
        partnerCategoryFrequencyTypes(
          db,
          eb.ref('partners.partner_id'),
          eb.ref('report_categories.code').$castTo<string>(),
        ).as('frequencyTypes'),
      ])
      .where('partners.access_type_code', '=', codes.accessTypeCode)
      .where((eb) => eb(eb.fn('upper', ['partners.code']), '=', codes.partnerCode)),
);

/**
 * A partner by access type and code, and one of its categories (codes matched without regard to
 * case) with that partner's frequency types, in one statement: what the reports list needs before
 * it reads reports. No partner: nothing; a partner without that category: `category` undefined.
 */
export async function findCatalogPartnerCategory(
  db: Db,
  codes: { accessTypeCode: string; partnerCode: string; categoryCode: string },
): Promise<{ partner: CatalogPartner; category: PartnerCategory | undefined } | undefined> {
  const normalize = (code: string) => code.trim().toUpperCase();
  const [row] = await catalogPartnerCategoryStatement(db, {
    accessTypeCode: normalize(codes.accessTypeCode),
    partnerCode: normalize(codes.partnerCode),
    categoryCode: normalize(codes.categoryCode),
  });
  if (!row) return undefined;
  const { categoryName, categoryCode, externalLink, frequencyTypes, ...partner } = row;
  const category =
    categoryName !== null && categoryCode !== null
      ? { name: categoryName, code: categoryCode, externalLink, frequencyTypes }
      : undefined;
  return { partner, category };
}
