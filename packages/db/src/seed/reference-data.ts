import {
  accessTypes,
  datasets,
  frequencyTypes,
  type PartnerRef,
  partnerCategories,
  partners,
  reportCategories,
  reportMonitors,
} from './catalog.js';

export type { Db } from '../db.js';

import type { Db } from '../db.js';
/** Partner ids by 'EXT/BJS'. */
export type PartnerIds = Map<string, number>;

export function partnerKey(ref: PartnerRef): string {
  return `${ref.accessTypeCode}/${ref.partnerCode}`;
}

export function partnerIdOf(ids: PartnerIds, ref: PartnerRef): number | undefined {
  return ids.get(partnerKey(ref));
}

// Every insert skips rows that already exist, so whatever a user has changed stays as it is.
export async function seedReferenceData(db: Db, now: Date): Promise<PartnerIds> {
  await db
    .insertInto('access_types')
    .values(accessTypes)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('frequency_types')
    .values(frequencyTypes)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('partners')
    .values(
      partners.map((p) => ({
        access_type_code: p.accessTypeCode,
        code: p.code,
        name: p.name,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('report_categories')
    .values(
      reportCategories.map((c) => ({
        code: c.code,
        name: c.name,
        external_link: c.externalLink,
        owner_emails: c.ownerEmails,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('report_category_frequency_types')
    .values(
      reportCategories.flatMap((c) =>
        c.frequencyTypes.map((frequency_type_code) => ({ category_code: c.code, frequency_type_code })),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();

  const ids = await loadPartnerIds(db);
  const links = partnerCategories.flatMap((link) => {
    const partner_id = partnerIdOf(ids, link);
    return partner_id === undefined ? [] : [{ ...link, partner_id }];
  });
  await db
    .insertInto('partner_categories')
    .values(links.map((l) => ({ partner_id: l.partner_id, category_code: l.categoryCode })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('partner_category_frequency_types')
    .values(
      links.flatMap((l) =>
        l.frequencyTypes.map((frequency_type_code) => ({
          partner_id: l.partner_id,
          category_code: l.categoryCode,
          frequency_type_code,
        })),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db
    .insertInto('datasets')
    .values(datasets.map((d) => ({ catalog_id: d.catalogId, object_key: d.objectKey })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await seedReportMonitors(db, ids, now);
  return ids;
}

async function loadPartnerIds(db: Db): Promise<PartnerIds> {
  const rows = await db.selectFrom('partners').select(['partner_id', 'access_type_code', 'code']).execute();
  return new Map(
    rows.map((r) => [partnerKey({ accessTypeCode: r.access_type_code, partnerCode: r.code }), r.partner_id]),
  );
}

async function seedReportMonitors(db: Db, ids: PartnerIds, now: Date): Promise<void> {
  // Monitors have no natural key, so an existing one for the same partner, category and
  // frequency type counts as already seeded.
  const existing = await db
    .selectFrom('report_monitors')
    .select(['partner_id', 'category_code', 'frequency_type_code'])
    .execute();
  const seen = new Set(existing.map((m) => `${m.partner_id}|${m.category_code}|${m.frequency_type_code}`));
  const rows = reportMonitors.flatMap((m) => {
    const partner_id = partnerIdOf(ids, m);
    if (partner_id === undefined || seen.has(`${partner_id}|${m.categoryCode}|${m.frequencyTypeCode}`))
      return [];
    return [
      {
        partner_id,
        category_code: m.categoryCode,
        frequency_type_code: m.frequencyTypeCode,
        frequency_day: m.frequencyDay,
        frequency_number: m.frequencyNumber,
        updated_at: now,
      },
    ];
  });
  if (rows.length) await db.insertInto('report_monitors').values(rows).execute();
}
