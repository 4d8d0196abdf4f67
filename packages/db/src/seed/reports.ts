import type { Insertable } from 'kysely';
import { whereLive } from '../reports/live-reports.js';
import type { ReportsTable } from '../schema.js';
import { type Db, type PartnerIds, partnerIdOf } from './reference-data.js';
import { generateReportFile, planReports } from './report-files.js';

/** Stores one generated report file; the seed is given this so the db package needs no storage. */
export type ReportFileWriter = {
  putReportFile(key: string, body: Buffer, contentType: string): Promise<{ size: number; sha256: string }>;
};

const BATCH = 100;

export async function seedReports(
  db: Db,
  ids: PartnerIds,
  files: ReportFileWriter,
  today: Date,
): Promise<number> {
  const current = await db
    .selectFrom('reports')
    .select(['partner_id', 'category_code', 'report_date', 'file_name'])
    .where(whereLive())
    .execute();
  const present = new Set(
    current.map((r) => `${r.partner_id}|${r.category_code}|${r.report_date}|${r.file_name}`),
  );

  let pending: Array<Insertable<ReportsTable>> = [];
  let inserted = 0;
  const flush = async () => {
    if (pending.length) await db.insertInto('reports').values(pending).execute();
    inserted += pending.length;
    pending = [];
  };
  for (const report of planReports(today)) {
    const partner_id = partnerIdOf(ids, report.feed);
    const identity = `${partner_id}|${report.feed.categoryCode}|${report.reportDate}|${report.fileName}`;
    if (partner_id === undefined || present.has(identity)) continue;
    const file = await generateReportFile(report);
    const stored = await files.putReportFile(report.storageKey, file.body, file.contentType);
    pending.push({
      partner_id,
      category_code: report.feed.categoryCode,
      frequency_type_code: report.feed.frequencyTypeCode,
      report_date: report.reportDate,
      file_name: report.fileName,
      file_size: stored.size,
      content_type: file.contentType,
      sha256: stored.sha256,
      storage_key: report.storageKey,
      last_modified: report.lastModified,
    });
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  return inserted;
}
