import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// Factories for report monitor tests and the monitors benchmark: the least rows each needs.

export async function ensureReferenceData(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('access_types')
    .values([
      { code: 'EXT', name: 'External' },
      { code: 'INT', name: 'Internal' },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('frequency_types')
    .values([
      { code: 'DLY', name: 'Day' },
      { code: 'WLY', name: 'Week' },
      { code: 'MLY', name: 'Month' },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertPartner(
  db: Kysely<Database>,
  partner: { code: string; name?: string; accessTypeCode?: string },
): Promise<number> {
  const row = await db
    .insertInto('partners')
    .values({
      access_type_code: partner.accessTypeCode ?? 'EXT',
      code: partner.code,
      name: partner.name ?? partner.code,
    })
    .returning('partner_id')
    .executeTakeFirstOrThrow();
  return row.partner_id;
}

export async function insertCategory(
  db: Kysely<Database>,
  category: { code: string; name?: string; ownerEmails?: string[] },
): Promise<void> {
  await db
    .insertInto('report_categories')
    .values({
      code: category.code,
      name: category.name ?? category.code,
      owner_emails: category.ownerEmails ?? [],
    })
    .execute();
}

export async function insertMonitor(
  db: Kysely<Database>,
  monitor: {
    partnerId: number;
    categoryCode: string;
    frequencyTypeCode: string;
    frequencyDay?: string | null;
    frequencyNumber?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('report_monitors')
    .values({
      partner_id: monitor.partnerId,
      category_code: monitor.categoryCode,
      frequency_type_code: monitor.frequencyTypeCode,
      frequency_day: monitor.frequencyDay ?? null,
      frequency_number: monitor.frequencyNumber ?? null,
    })
    .returning('report_monitor_id')
    .executeTakeFirstOrThrow();
  return row.report_monitor_id;
}

export async function insertReport(
  db: Kysely<Database>,
  report: {
    partnerId: number;
    categoryCode: string;
    frequencyTypeCode: string;
    reportDate: string;
    fileName?: string;
    deletedAt?: Date;
  },
): Promise<number> {
  const fileName = report.fileName ?? `${report.categoryCode}-${report.reportDate}.csv`;
  const row = await db
    .insertInto('reports')
    .values({
      partner_id: report.partnerId,
      category_code: report.categoryCode,
      frequency_type_code: report.frequencyTypeCode,
      report_date: report.reportDate,
      file_name: fileName,
      file_size: 10,
      content_type: 'text/csv',
      sha256: '0'.repeat(64),
      storage_key: `test/${report.partnerId}/${report.categoryCode}/${report.reportDate}/${fileName}`,
      last_modified: new Date(`${report.reportDate}T06:00:00Z`),
      deleted_at: report.deletedAt ?? null,
    })
    .returning('report_id')
    .executeTakeFirstOrThrow();
  return row.report_id;
}
