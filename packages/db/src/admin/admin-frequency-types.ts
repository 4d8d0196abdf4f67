import type { FrequencyTypeInput } from '@portal/domain/admin/admin-frequency-type';
import type { SortOrder } from '@portal/domain/admin/admin-paging';
import { sql } from 'kysely';
import type { Db } from '../db.js';
import { boundedCount, containsPattern, offsetOf, type Page, type PageRequest } from './admin-lists.js';

// Frequency types (SPEC.md §3: code and name, e.g. DLY Day). Codes and names are unique
// case-insensitively by index; the code is locked on edit.

export type FrequencyTypeListQuery = PageRequest & {
  filters: { code?: string; name?: string };
  sort: 'code' | 'name';
  order: SortOrder;
};

export async function listAdminFrequencyTypes(
  db: Db,
  query: FrequencyTypeListQuery,
): Promise<Page<FrequencyTypeInput>> {
  let q = db.selectFrom('frequency_types as f');
  if (query.filters.code?.trim())
    q = q.where(sql<string>`lower(f.code)`, 'like', containsPattern(query.filters.code));
  if (query.filters.name?.trim())
    q = q.where(sql<string>`lower(f.name)`, 'like', containsPattern(query.filters.name));
  const rows = await q
    .select(['f.code', 'f.name'])
    .orderBy(query.sort === 'code' ? sql`lower(f.code)` : sql`lower(f.name)`, query.order)
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  return { rows, total: await boundedCount(db, q.select('f.code')) };
}

export async function findFrequencyType(db: Db, code: string) {
  return db
    .selectFrom('frequency_types')
    .select(['code', 'name'])
    .where(sql<string>`lower(code)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
}

export async function insertFrequencyType(db: Db, values: FrequencyTypeInput): Promise<void> {
  await db.insertInto('frequency_types').values(values).execute();
}

export async function renameFrequencyType(db: Db, values: FrequencyTypeInput): Promise<void> {
  await db
    .updateTable('frequency_types')
    .set({ name: values.name })
    .where('code', '=', values.code)
    .execute();
}

export async function frequencyTypeHasReports(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('report_id')
    .where('frequency_type_code', '=', code)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a frequency type: categories and partners stop offering it, and its alerts go. */
export async function deleteFrequencyType(db: Db, code: string): Promise<void> {
  await db.deleteFrom('report_monitors').where('frequency_type_code', '=', code).execute();
  await db.deleteFrom('frequency_types').where('code', '=', code).execute();
}

/**
 * Every partner a change of this frequency type reaches (who may rename or delete it): partners
 * having a report category that offers it (chosen by the partner or not), and partners with
 * reports (even deleted ones, which still block its deletion) or report alerts in it.
 */
export async function listFrequencyTypePartners(db: Db, code: string) {
  const receiving = db
    .selectFrom('partner_category_frequency_types')
    .select('partner_id')
    .where('frequency_type_code', '=', code)
    .union(
      db
        .selectFrom('partner_categories as pc')
        .innerJoin('report_category_frequency_types as cf', 'cf.category_code', 'pc.category_code')
        .select('pc.partner_id')
        .where('cf.frequency_type_code', '=', code),
    )
    .union(db.selectFrom('reports').select('partner_id').where('frequency_type_code', '=', code))
    .union(db.selectFrom('report_monitors').select('partner_id').where('frequency_type_code', '=', code));
  return db
    .selectFrom('partners as p')
    .select(['p.access_type_code as accessTypeCode', 'p.code as partnerCode'])
    .where('p.partner_id', 'in', receiving)
    .execute();
}
