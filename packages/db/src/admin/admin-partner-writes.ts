import type { PartnerValues } from '@portal/domain/admin/admin-partner';
import { sql } from 'kysely';
import type { Db } from '../db.js';

// Writes of the partner administration. Each takes the transaction of its route: the partner,
// its categories, its report alert changes and the audit entry commit together or not at all.
// Codes arrive canonical (as stored in the catalogue); the unique index on
// (access_type_code, lower(code)) refuses a duplicate partner even when two admins race.

async function insertCategories(db: Db, partnerId: number, categories: PartnerValues['categories']) {
  if (categories.length === 0) return;
  await db
    .insertInto('partner_categories')
    .values(categories.map((c) => ({ partner_id: partnerId, category_code: c.categoryCode })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const frequencies = categories.flatMap((c) =>
    c.frequencyTypeCodes.map((frequency_type_code) => ({
      partner_id: partnerId,
      category_code: c.categoryCode,
      frequency_type_code,
    })),
  );
  if (frequencies.length > 0)
    await db.insertInto('partner_category_frequency_types').values(frequencies).execute();
}

export async function insertPartner(db: Db, values: PartnerValues): Promise<number> {
  const { partner_id } = await db
    .insertInto('partners')
    .values({ access_type_code: values.accessTypeCode, code: values.code, name: values.name })
    .returning('partner_id')
    .executeTakeFirstOrThrow();
  await insertCategories(db, partner_id, values.categories);
  return partner_id;
}

/** Locks the partner row for the rest of the transaction, so two saves of one partner queue up. */
export async function lockPartner(db: Db, partnerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('partners')
    .select('partner_id')
    .where('partner_id', '=', partnerId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets name and categories (type and code are locked on edit). Returns the categories removed. */
export async function updatePartner(db: Db, partnerId: number, values: PartnerValues): Promise<string[]> {
  await db
    .updateTable('partners')
    .set({ name: values.name, updated_at: sql<Date>`now()` })
    .where('partner_id', '=', partnerId)
    .execute();
  const kept = values.categories.map((c) => c.categoryCode);
  let removal = db.deleteFrom('partner_categories').where('partner_id', '=', partnerId);
  if (kept.length > 0) removal = removal.where('category_code', 'not in', kept);
  const removed = await removal.returning('category_code').execute();
  await db.deleteFrom('partner_category_frequency_types').where('partner_id', '=', partnerId).execute();
  await insertCategories(db, partnerId, values.categories);
  return removed.map((r) => r.category_code);
}

export async function partnerHasReports(db: Db, partnerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('report_id')
    .where('partner_id', '=', partnerId)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes a partner with its categories, alerts and dashboards (foreign keys cascade), and the
 * users' grants naming it: a partner created later with the same code starts with no users.
 */
export async function deletePartner(
  db: Db,
  partner: { partnerId: number; accessTypeCode: string; code: string },
): Promise<void> {
  await db
    .deleteFrom('user_partner_access')
    .where('access_type_code', '=', partner.accessTypeCode)
    .where(sql<string>`lower(partner_code)`, '=', partner.code.toLowerCase())
    .execute();
  await db.deleteFrom('partners').where('partner_id', '=', partner.partnerId).execute();
}
