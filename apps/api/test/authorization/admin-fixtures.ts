import type { Database } from '@portal/db';
import { newPartnerCategory } from '@portal/testing/db';
import type { Kysely } from 'kysely';

// What the matrix rows of the reference data administration act on (apps/api/src/admin). Codes start
// with MX so they meet no other area's fixtures. Every destructive row has its own target.
// EXT/BJS and EXT/OTH (the partners the matrix puts in partner paths) get a report each, so the
// partner DELETE row reaches its handler for the admin and is refused there (409: a partner with
// reports is never deleted) instead of removing the partners the other rows use.

export type AdminMatrixIds = {
  /** A report monitor the PUT row changes, and one the DELETE row removes. */
  reportMonitorId: number;
  reportMonitorToDelete: number;
};

export const ADMIN_MATRIX = {
  category: 'MX_ADMIN',
  categoryToEdit: 'MX_EDIT',
  categoryToDelete: 'MX_DEL',
  frequencyTypeToEdit: 'MXE',
  frequencyTypeToDelete: 'MXD',
  partnerToEdit: 'MXEDIT',
  dataset: 'mx-dataset',
  userToEdit: 'mx-edit@matrix.example',
  userToDelete: 'mx-delete@matrix.example',
} as const;

export async function seedAdminFixtures(db: Kysely<Database>): Promise<AdminMatrixIds> {
  const m = ADMIN_MATRIX;
  await db
    .insertInto('frequency_types')
    .values([
      { code: 'WLY', name: 'Week' },
      { code: m.frequencyTypeToEdit, name: 'Matrix edit' },
      { code: m.frequencyTypeToDelete, name: 'Matrix delete' },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('report_categories')
    .values(
      [m.category, m.categoryToEdit, m.categoryToDelete].map((code) => ({ code, name: `Matrix ${code}` })),
    )
    .execute();
  await db
    .insertInto('report_category_frequency_types')
    .values({ category_code: m.category, frequency_type_code: 'WLY' })
    .execute();
  await db
    .insertInto('partners')
    .values({ access_type_code: 'EXT', code: m.partnerToEdit, name: 'Matrix edit' })
    .execute();
  const partners = await db
    .selectFrom('partners')
    .select(['partner_id', 'code'])
    .where('access_type_code', '=', 'EXT')
    .where('code', 'in', ['BJS', 'OTH'])
    .execute();
  for (const { partner_id, code } of partners) {
    await newPartnerCategory(db, {
      partnerId: partner_id,
      categoryCode: m.category,
      frequencyTypeCodes: ['WLY'],
    });
    await db
      .insertInto('reports')
      .values({
        partner_id,
        category_code: m.category,
        frequency_type_code: 'WLY',
        report_date: '2026-11-16',
        file_name: 'matrix.csv',
        file_size: 1,
        content_type: 'text/csv',
        sha256: '0'.repeat(64),
        storage_key: `Reports/EXT/${code}/${m.category}/2026-11-16/matrix.csv`,
        last_modified: new Date(),
      })
      .execute();
  }
  const bjs = partners.find((p) => p.code === 'BJS')!.partner_id;
  const monitors = await db
    .insertInto('report_monitors')
    .values(
      [1, 2].map(() => ({
        partner_id: bjs,
        category_code: m.category,
        frequency_type_code: 'WLY',
        frequency_day: 'MONDAY',
      })),
    )
    .returning('report_monitor_id')
    .execute();
  await db
    .insertInto('datasets')
    .values({ catalog_id: m.dataset, object_key: `/Reports/EXT/BJS/${m.category}/` })
    .execute();
  await db
    .insertInto('users')
    .values(
      [m.userToEdit, m.userToDelete].map((user_id) => ({
        user_id,
        email: user_id,
        first_name: 'Matrix',
        last_name: 'User',
      })),
    )
    .execute();
  return {
    reportMonitorId: monitors[0]!.report_monitor_id,
    reportMonitorToDelete: monitors[1]!.report_monitor_id,
  };
}
