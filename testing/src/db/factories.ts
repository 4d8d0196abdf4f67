import type { Database } from '@portal/db';
import type { Kysely } from 'kysely';

// The test factories (like immich's medium tests' ctx.newUser()): each inserts the least row a test
// needs, with defaults for what the test does not care about. Import them from @portal/testing/db.

/** The access types EXT and INT, and any others named. */
export async function ensureAccessTypes(
  db: Kysely<Database>,
  ...more: Array<{ code: string; name: string }>
) {
  await db
    .insertInto('access_types')
    .values([{ code: 'EXT', name: 'External' }, { code: 'INT', name: 'Internal' }, ...more])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function ensureReferenceData(db: Kysely<Database>): Promise<void> {
  await ensureAccessTypes(db);
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

export async function newPartner(
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

/** A Tableau dashboard of the partner, for tests about its activity. */
export async function newDashboard(db: Kysely<Database>, partnerId: number): Promise<number> {
  const row = await db
    .insertInto('dashboards')
    .values({
      partner_id: partnerId,
      dashboard_name: 'Board',
      dashboard_url: 'https://x.test',
      dashboard_type: 'TABLEAU',
    })
    .returning('dashboard_id')
    .executeTakeFirstOrThrow();
  return row.dashboard_id;
}

export async function newCategory(
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

/**
 * A category offered to a partner in the given frequency types (default: daily): its
 * partner_categories row and partner_category_frequency_types rows. Linking twice is a no-op.
 */
export async function newPartnerCategory(
  db: Kysely<Database>,
  link: { partnerId: number; categoryCode: string; frequencyTypeCodes?: readonly string[] },
): Promise<void> {
  const { partnerId, categoryCode, frequencyTypeCodes = ['DLY'] } = link;
  await db
    .insertInto('partner_categories')
    .values({ partner_id: partnerId, category_code: categoryCode })
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (frequencyTypeCodes.length === 0) return;
  await db
    .insertInto('partner_category_frequency_types')
    .values(
      frequencyTypeCodes.map((code) => ({
        partner_id: partnerId,
        category_code: categoryCode,
        frequency_type_code: code,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function newMonitor(
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

export async function newReport(
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

/** A person (external unless said otherwise); rights are given with setUserAccess. */
export async function newUser(
  db: Kysely<Database>,
  user: {
    userId: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    isExternalUser?: boolean;
    isInternalAdmin?: boolean;
    disabled?: boolean;
  },
): Promise<string> {
  await db
    .insertInto('users')
    .values({
      user_id: user.userId,
      first_name: user.firstName ?? 'Test',
      last_name: user.lastName ?? 'User',
      email: user.email ?? `${user.userId}@test.portal`,
      phone: null,
      common_id: null,
      is_external_user: user.isExternalUser ?? true,
      is_internal_admin: user.isInternalAdmin ?? false,
      disabled_at: user.disabled ? new Date() : null,
    })
    .execute();
  return user.userId;
}
