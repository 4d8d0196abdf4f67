import { createTestDatabase, newPartnerCategory, type TestDatabase } from '@portal/testing/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listReportDates, softDeleteReport } from '../src/reports/reports.js';
import { ingestReport } from '../src/reports/reports-ingest.js';

// report_dates follows every write to reports: ingest, supersede and soft delete.
describe('report dates', () => {
  let t: TestDatabase;
  let partnerId: number;
  const blobs = {
    put: async (_key: string, body: unknown) => ({ size: String(body).length, sha256: 'a'.repeat(64) }),
  };
  const ingest = (reportDate: string, fileName: string) =>
    ingestReport(t.db, blobs, {
      accessTypeCode: 'EXT',
      partnerCode: 'BJS',
      categoryCode: 'SETTLEMENT',
      reportDate,
      fileName,
      body: Buffer.from('x'),
      contentType: 'text/csv',
    });

  beforeAll(async () => {
    t = await createTestDatabase();
    await sql`insert into access_types (code, name) values ('EXT', 'External')`.execute(t.db);
    await sql`insert into frequency_types (code, name) values ('DLY', 'Day')`.execute(t.db);
    await sql`insert into report_categories (code, name) values ('SETTLEMENT', 'Settlement')`.execute(t.db);
    ({ partner_id: partnerId } = await t.db
      .insertInto('partners')
      .values({ access_type_code: 'EXT', code: 'BJS', name: 'BJ' })
      .returning('partner_id')
      .executeTakeFirstOrThrow());
    await newPartnerCategory(t.db, { partnerId, categoryCode: 'SETTLEMENT' });
  });
  afterAll(async () => t?.drop());

  const counts = () =>
    t.db.selectFrom('report_dates').select(['report_date', 'live_reports']).orderBy('report_date').execute();

  it('counts live reports per date through ingest, supersede and soft delete', async () => {
    const first = await ingest('2026-11-18', 'a.csv');
    await ingest('2026-11-18', 'b.csv');
    await ingest('2026-11-19', 'c.csv');
    expect(await counts()).toEqual([
      { report_date: '2026-11-18', live_reports: 2 },
      { report_date: '2026-11-19', live_reports: 1 },
    ]);
    // A re-upload supersedes: still two live files on the 18th.
    await ingest('2026-11-18', 'a.csv');
    expect((await counts())[0]).toEqual({ report_date: '2026-11-18', live_reports: 2 });
    expect(await softDeleteReport(t.db, { reportId: first.reportId, deletedBy: 'x' })).toBe(false);

    const c = await t.db
      .selectFrom('reports')
      .select('report_id')
      .where('file_name', '=', 'c.csv')
      .executeTakeFirstOrThrow();
    await softDeleteReport(t.db, { reportId: c.report_id, deletedBy: 'E1' });
    expect(await listReportDates(t.db, partnerId, 'SETTLEMENT')).toEqual(['2026-11-18']);
  });
});
