import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@portal/domain/authentication/demo-accounts';
import { parseReportKey } from '@portal/domain/reports/report-keys';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/schema.js';
import { DEMO_SEED_NAME, planReports, type ReportFileWriter, seedDemo } from '../src/seed/index.js';

// packages/db may not import storage, so the test writes files into a temporary folder the way
// the local store lays them out.
function folderWriter(root: string): ReportFileWriter & { keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    async putReportFile(key, body) {
      const path = join(root, key);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, body);
      keys.push(key);
      return { size: body.length, sha256: createHash('sha256').update(body).digest('hex') };
    },
  };
}

const today = new Date('2026-11-21T15:00:00Z');
let t: TestDatabase;
let root: string;
let files: ReturnType<typeof folderWriter>;
/** The report files the seed wrote (the forms' batch files live under batches/). */
const reportKeys = () => files.keys.filter((key) => !key.startsWith('batches/'));
let firstRun: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  t = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), 'portal-seed-'));
  files = folderWriter(root);
  firstRun = await seedDemo(t.db, files, { today });
}, 120_000);
afterAll(async () => {
  await t?.drop();
  await rm(root, { recursive: true, force: true });
});

async function count(table: keyof Database): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

async function openWorkbook(key: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer-like Buffer of its own.
  await workbook.xlsx.load((await readFile(join(root, key))) as unknown as ArrayBuffer);
  return workbook;
}

async function counts(): Promise<Record<string, number>> {
  const tables: Array<keyof Database> = [
    'partners',
    'report_categories',
    'partner_categories',
    'reports',
    'report_monitors',
    'dashboards',
    'faqs',
    'users',
    'user_identities',
    'tenants',
    'roles',
    'tenant_members',
    'datasets',
  ];
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)])));
}

describe('seedDemo', () => {
  it('loads the reference data of the spec', async () => {
    expect(firstRun.applied).toBe(true);
    const db = t.db;
    expect(await db.selectFrom('access_types').selectAll().orderBy('code').execute()).toEqual([
      { code: 'EXT', name: 'External' },
      { code: 'INT', name: 'Internal' },
    ]);
    expect(await db.selectFrom('frequency_types').selectAll().orderBy('code').execute()).toEqual([
      { code: 'DLY', name: 'Day' },
      { code: 'MLY', name: 'Month' },
      { code: 'WLY', name: 'Week' },
    ]);
    const partners = await db.selectFrom('partners').select(['access_type_code', 'code', 'name']).execute();
    expect(partners.length).toBeGreaterThanOrEqual(7);
    expect(partners).toEqual(
      expect.arrayContaining([
        { access_type_code: 'EXT', code: 'BJS', name: "BJ's Wholesale Club" },
        { access_type_code: 'EXT', code: 'SAM', name: "Sam's Club" },
        { access_type_code: 'EXT', code: 'WSI', name: 'Williams-Sonoma' },
        { access_type_code: 'INT', code: 'PPX', name: 'Portal Operations' },
      ]),
    );
    const categories = await db.selectFrom('report_categories').selectAll().execute();
    expect(categories.map((c) => c.code)).toEqual(
      expect.arrayContaining(['SETTLEMENT', 'TRANSACTIONS', 'CHARGEBACKS', 'STATEMENTS', 'ACCOUNTS']),
    );
    expect(categories.filter((c) => c.external_link?.startsWith('https://example.com/'))).toHaveLength(1);
    expect(categories.some((c) => c.owner_emails.length === 0)).toBe(true);
    expect(categories.some((c) => c.owner_emails.length > 0)).toBe(true);
    expect(await count('partner_category_frequency_types')).toBeGreaterThan(
      await count('partner_categories'),
    );

    const monitors = await db.selectFrom('report_monitors').selectAll().execute();
    expect(new Set(monitors.map((m) => m.frequency_type_code))).toEqual(new Set(['DLY', 'WLY', 'MLY']));
    expect(monitors.some((m) => m.frequency_day === 'BUSINESS_DAY' && m.frequency_number !== null)).toBe(
      true,
    );

    const datasets = await db.selectFrom('datasets').selectAll().execute();
    expect(datasets).toEqual(
      expect.arrayContaining([expect.objectContaining({ object_key: '/Reports/EXT/BJS/SETTLEMENT/' })]),
    );
  });

  it('writes 300 to 400 real report files over the 90 days before today, one row each', async () => {
    const reports = await t.db.selectFrom('reports').selectAll().execute();
    expect(reports.length).toBe(firstRun.reports);
    expect(reports.length).toBeGreaterThanOrEqual(300);
    expect(reports.length).toBeLessThanOrEqual(400);
    expect(reportKeys().sort()).toEqual(reports.map((r) => r.storage_key).sort());
    const dates = reports.map((r) => r.report_date).sort();
    expect(dates[0]).toBe('2026-08-23');
    expect(dates.at(-1)).toBe('2026-11-20');
    for (const report of reports) {
      const parts = parseReportKey(report.storage_key);
      expect(parts).toMatchObject({ reportDate: report.report_date, fileName: report.file_name });
      expect(report.last_modified.getTime()).toBeLessThan(today.getTime());
      const weekday = new Date(`${report.report_date}T00:00:00Z`).getUTCDay();
      if (report.frequency_type_code === 'WLY') expect(weekday).toBe(1);
      if (report.frequency_type_code === 'MLY') expect(report.report_date.endsWith('-01')).toBe(true);
    }
    const formats = new Set(reports.map((r) => r.content_type));
    expect(formats).toEqual(
      new Set(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']),
    );

    // Stored files match their rows; every CSV holds a header and 20 to 200 rows.
    for (const csv of reports.filter((r) => r.file_name.endsWith('.csv'))) {
      const bytes = await readFile(join(root, csv.storage_key));
      expect(bytes.length).toBe(csv.file_size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(csv.sha256);
      const lines = bytes.toString('utf8').trim().split('\r\n');
      expect(lines[0]).toContain('(USD)');
      expect(lines.length - 1).toBeGreaterThanOrEqual(20);
      expect(lines.length - 1).toBeLessThanOrEqual(200);
    }

    const statement = reports.find((r) => r.category_code === 'STATEMENTS');
    const workbook = await openWorkbook(statement?.storage_key ?? '');
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Summary', 'Transactions']);
    const header = workbook.getWorksheet('Transactions')?.getRow(1).values as unknown[];
    expect(header).toEqual(expect.arrayContaining(['Transaction Date', 'Account Number', 'Amount (USD)']));
    expect(String(workbook.getWorksheet('Transactions')?.getRow(2).getCell(2).value)).toMatch(
      /^XXXX-XXXX-XXXX-\d{4}$/,
    );
    const sheetCounts = new Set<number>();
    const settlements = reports.filter(
      (r) => r.category_code === 'SETTLEMENT' && r.file_name.endsWith('.xlsx'),
    );
    for (const xlsx of settlements.slice(0, 20)) {
      sheetCounts.add((await openWorkbook(xlsx.storage_key)).worksheets.length);
    }
    expect(sheetCounts).toEqual(new Set([1, 2]));
  });

  it('holds a week of operational forms, the past business days in batches with their files', async () => {
    const batches = await t.db.selectFrom('dispute_batches').selectAll().orderBy('batch_date').execute();
    expect(batches.map((b) => b.batch_date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(
      batches.every((b) => b.dispute_count === 3 && b.storage_key && files.keys.includes(b.storage_key)),
    ).toBe(true);
    const invoiceBatches = await t.db.selectFrom('invoice_batches').selectAll().execute();
    expect(invoiceBatches.every((b) => b.request_count === 2 && b.storage_key)).toBe(true);
    const disputes = await t.db.selectFrom('disputes').selectAll().execute();
    expect(new Set(disputes.map((d) => d.message_type))).toEqual(
      new Set(['claim-request', 'outcome-chargeback']),
    );
    expect(disputes.filter((d) => d.batch_id === null)).toHaveLength(4);
    const invoices = await t.db.selectFrom('customer_invoice_requests').selectAll().execute();
    expect(invoices.filter((i) => i.batch_id === null)).toHaveLength(3);
  });

  it('plans the same files for the same day', () => {
    expect(planReports(today).map((r) => r.storageKey)).toEqual(planReports(today).map((r) => r.storageKey));
    expect(
      planReports(today)
        .map((r) => r.storageKey)
        .sort(),
    ).toEqual(reportKeys().sort());
  });

  it('adds dashboards of all four types with demo URLs served by the portal', async () => {
    const dashboards = await t.db.selectFrom('dashboards').selectAll().execute();
    expect(new Set(dashboards.map((d) => d.dashboard_type))).toEqual(
      new Set(['TABLEAU', 'RSTUDIO', 'THOUGHTSPOT', 'QUICKSIGHT']),
    );
    expect(new Set(dashboards.map((d) => d.partner_id)).size).toBeGreaterThanOrEqual(3);
    const urls = dashboards.map((d) => d.dashboard_url);
    expect(urls).toContain('/content/demo-sales-overview/');
    expect(urls).toContain('/t/demo/views/PartnerSales/Overview');
    expect(urls).toContain('/embed/demo/dashboards/demo-qs-1');
    for (const d of dashboards.filter((d) => d.dashboard_type === 'THOUGHTSPOT')) {
      expect(d.dashboard_url).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(dashboards.every((d) => d.dashboard_description && d.dashboard_content_type)).toBe(true);
  });

  it('adds FAQs, banner types without an active banner, issue reasons', async () => {
    const faqs = await count('faqs');
    expect(faqs).toBeGreaterThanOrEqual(6);
    expect(faqs).toBeLessThanOrEqual(8);
    expect(await t.db.selectFrom('banner_types').selectAll().orderBy('banner_code').execute()).toEqual([
      { banner_code: 'INFO', alert_code: 'info', name: 'Information' },
      { banner_code: 'OUTAGE', alert_code: 'error', name: 'Outage' },
      { banner_code: 'WARNING', alert_code: 'warning', name: 'Warning' },
    ]);
    expect(await count('banners')).toBe(0);
    const reasons = await t.db.selectFrom('issue_reasons').select('reason').orderBy('sort_order').execute();
    expect(reasons.map((r) => r.reason)).toEqual(
      expect.arrayContaining([
        'Cannot download a report',
        'Missing report',
        'Dashboard not loading',
        'Access request',
        'Other',
      ]),
    );
  });

  it('adds every demo persona with its rights and dev-sso identity', async () => {
    const db = t.db;
    for (const account of demoAccounts) {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('user_id', '=', account.login)
        .executeTakeFirst();
      expect(user, account.login).toMatchObject({ email: account.email, first_name: account.firstName });
      const identity = await db
        .selectFrom('user_identities')
        .selectAll()
        .where('provider', '=', 'dev-sso')
        .where('subject', '=', account.login)
        .executeTakeFirst();
      expect(identity?.user_id).toBe(account.login);
    }
    const features = async (userId: string) =>
      (await db.selectFrom('user_features').select('feature').where('user_id', '=', userId).execute())
        .map((f) => f.feature)
        .sort();
    const access = async (userId: string) =>
      (await db.selectFrom('user_partner_access').selectAll().where('user_id', '=', userId).execute())
        .map((a) => `${a.access_type_code}/${a.partner_code}`)
        .sort();
    expect(
      await db.selectFrom('users').selectAll().where('user_id', '=', 'E100001').executeTakeFirst(),
    ).toMatchObject({
      is_internal_admin: true,
      is_external_user: false,
    });
    expect(await features('E100002')).toEqual(['INTERNAL_OPERATIONS_TEAM']);
    expect(await features('E100003')).toEqual([]);
    expect(await features('partner@demo.portal')).toEqual([
      'VIEW_ALL_DASHBOARDS',
      'VIEW_REPORTS',
      'VIEW_TS_DASHBOARDS',
    ]);
    expect(await access('partner@demo.portal')).toEqual(['EXT/BJS', 'EXT/SAM']);
    expect(await features('dashboards@demo.portal')).toEqual(['VIEW_ALL_DASHBOARDS', 'VIEW_TS_DASHBOARDS']);
    expect(await access('dashboards@demo.portal')).toEqual(['EXT/WSI']);
    expect(await features('tenant-admin@demo.portal')).toEqual(['MANAGE_EXTERNAL_USERS']);
    expect(await access('tenant-admin@demo.portal')).toEqual(['EXT/BJS']);
    const membership = await db
      .selectFrom('tenant_members')
      .selectAll()
      .where('user_id', '=', 'tenant-admin@demo.portal')
      .execute();
    expect(membership.map((m) => m.tenant_id)).toEqual(['saas-acme']);
  });

  it('adds tenants, ranked external roles and tenant-limited data roles', async () => {
    const tenants = await t.db.selectFrom('tenants').selectAll().orderBy('tenant_id').execute();
    expect(tenants[0]).toMatchObject({
      tenant_id: 'saas-acme',
      display_name: 'Acme Stores - Partner Portal',
    });
    expect(tenants.length).toBeGreaterThanOrEqual(2);
    const roles = await t.db.selectFrom('roles').selectAll().execute();
    // The three external roles of SPEC.md §6; tenant-limited (_ONLY_) ranked roles come beside them.
    const ranked = roles
      .filter((r) => r.rank !== null && !r.role_name.includes('_ONLY_'))
      .sort((a, b) => Number(a.rank) - Number(b.rank));
    expect(ranked.map((r) => [r.role_name, r.role_description, r.rank])).toEqual([
      ['EXT_STORE_MANAGER', 'Store Manager', 1],
      ['EXT_CORPORATE_MANAGER', 'Corporate Manager', 2],
      ['EXT_PARTNER_MANAGER', 'Partner Manager', 3],
    ]);
    const names = roles.map((r) => r.role_name);
    expect(names).toEqual(expect.arrayContaining(['DATA_ACME', 'DATA_ONLY_ACME', 'THOUGHTSPOT_CONSUMER']));
    expect(await count('tenant_member_roles')).toBeGreaterThan(await count('tenant_members'));
    expect(await count('tenant_members')).toBeGreaterThanOrEqual(120);
    const invitations = await t.db.selectFrom('invitations').selectAll().execute();
    const now = today.getTime();
    expect(invitations.some((i) => i.expires_at.getTime() > now)).toBe(true);
    expect(invitations.some((i) => i.expires_at.getTime() <= now)).toBe(true);
  });

  it("has the partner persona follow BJ's settlement reports as they arrive (issue 28)", async () => {
    const rows = await t.db
      .selectFrom('report_subscriptions as s')
      .innerJoin('partners as p', 'p.partner_id', 's.partner_id')
      .select(['s.user_id', 'p.code', 's.category_code', 's.delivery'])
      .execute();
    expect(rows).toEqual([
      {
        user_id: 'partner@demo.portal',
        code: 'BJS',
        category_code: 'SETTLEMENT',
        delivery: 'AS_THEY_ARRIVE',
      },
    ]);
  });

  it('does nothing on a second run and never overwrites what a user changed', async () => {
    const before = await counts();
    await t.db
      .updateTable('partners')
      .set({ name: 'BJs Renamed By Admin' })
      .where('code', '=', 'BJS')
      .execute();
    const again = await seedDemo(t.db, files, { today });
    expect(again).toEqual({ applied: false, reports: 0 });
    expect(await counts()).toEqual(before);

    // Even with its seed_runs record gone, a re-run only fills in what is missing.
    await t.db.deleteFrom('seed_runs').where('name', '=', DEMO_SEED_NAME).execute();
    await t.db.deleteFrom('faqs').where('question', '=', 'How do I download a report?').execute();
    const writes = files.keys.length;
    const refill = await seedDemo(t.db, files, { today });
    expect(refill).toEqual({ applied: true, reports: 0 });
    expect(files.keys.length).toBe(writes);
    expect(await counts()).toEqual(before);
    const bjs = await t.db
      .selectFrom('partners')
      .select('name')
      .where('code', '=', 'BJS')
      .executeTakeFirstOrThrow();
    expect(bjs.name).toBe('BJs Renamed By Admin');
  });
});
