import { sql } from 'kysely';
import { writeAudit } from '../audit.js';
import { compiledOnce } from '../compiled-once.js';
import type { Db } from '../db.js';
import { whereLive } from './live-reports.js';
import { recordReportEvents } from './report-events.js';

// Reads and the soft delete of report files (SPEC.md §3 Report, §4 Report delete). "Live"
// reports are those neither superseded by a re-upload nor deleted; every list below is served
// by the partial index reports_listing (partner_id, category_code, report_date desc).

export type ReportRow = {
  reportId: number;
  fileName: string;
  fileSize: number;
  reportDate: string;
  lastModified: Date;
  frequencyTypeCode: string;
};

export type StoredReport = ReportRow & {
  partnerId: number;
  accessTypeCode: string;
  partnerCode: string;
  categoryCode: string;
  contentType: string;
  storageKey: string;
  /** Of the stored bytes, in hex, measured as they were stored. */
  sha256: string;
};

/** The most rows one list answers; a wider date range is told to narrow down. */
export const MAX_REPORTS_LISTED = 5_000;

function liveReports(db: Db, partnerId: number, categoryCode: string) {
  return db
    .selectFrom('reports')
    .select([
      'report_id as reportId',
      'file_name as fileName',
      'file_size as fileSize',
      'report_date as reportDate',
      'last_modified as lastModified',
      'frequency_type_code as frequencyTypeCode',
    ])
    .where('partner_id', '=', partnerId)
    .where('category_code', '=', categoryCode)
    .where(whereLive());
}

const asNumbers = (rows: ReportRow[]) => rows.map((row) => ({ ...row, fileSize: Number(row.fileSize) }));

/** Reports dated from `startDate` to `endDate` (inclusive), newest first; at most `limit`. */
export async function listReportsBetween(
  db: Db,
  query: { partnerId: number; categoryCode: string; startDate: string; endDate: string; limit?: number },
): Promise<ReportRow[]> {
  const rows = await liveReports(db, query.partnerId, query.categoryCode)
    .where('report_date', '>=', query.startDate)
    .where('report_date', '<=', query.endDate)
    .orderBy('report_date', 'desc')
    .orderBy('file_name')
    .limit(query.limit ?? MAX_REPORTS_LISTED + 1)
    .execute();
  return asNumbers(rows);
}

/**
 * For each of the given frequency types, the reports of its latest report date: what the reports
 * page shows before a date is chosen.
 */
export async function listLatestReports(
  db: Db,
  query: { partnerId: number; categoryCode: string; frequencyTypeCodes: string[] },
): Promise<ReportRow[]> {
  if (query.frequencyTypeCodes.length === 0) return [];
  return asNumbers(await latestReportsStatement(db, query));
}

// Built once (compiledOnce): the reports list runs it on every request.
const latestReportsStatement = compiledOnce(
  (
    _db,
    {
      partnerId,
      categoryCode,
      frequencyTypeCodes,
    }: { partnerId: number; categoryCode: string; frequencyTypeCodes: string[] },
  ) => sql<ReportRow>`
    select r.report_id as "reportId", r.file_name as "fileName", r.file_size as "fileSize",
           r.report_date as "reportDate", r.last_modified as "lastModified",
           r.frequency_type_code as "frequencyTypeCode"
    from unnest(${frequencyTypeCodes}::text[]) as wanted(code)
    cross join lateral (
      select l.report_date from reports l
      where l.partner_id = ${partnerId} and l.category_code = ${categoryCode}
        and ${whereLive('l')} and l.frequency_type_code = wanted.code
      order by l.report_date desc limit 1
    ) latest
    join reports r on r.partner_id = ${partnerId} and r.category_code = ${categoryCode}
      and ${whereLive('r')}
      and r.frequency_type_code = wanted.code and r.report_date = latest.report_date
    order by r.report_date desc, r.file_name
    limit ${MAX_REPORTS_LISTED + 1}`,
);

/** Every date that has a live report, newest first (kept by a trigger in report_dates). */
export async function listReportDates(db: Db, partnerId: number, categoryCode: string): Promise<string[]> {
  const { rows } = await sql<{ reportDates: string[] }>`
    select coalesce(json_agg(d.report_date order by d.report_date desc), '[]') as "reportDates"
    from report_dates d where d.partner_id = ${partnerId} and d.category_code = ${categoryCode}`.execute(db);
  // One JSON value rather than a row per date: JSON.parse is several times faster than pg's rows.
  return rows[0]?.reportDates ?? [];
}

// Built once (compiledOnce): the reports list runs it on every request.
const latestReportStatement = compiledOnce(
  (db, { partnerId, categoryCode }: { partnerId: number; categoryCode: string }) =>
    liveReports(db, partnerId, categoryCode)
      .orderBy('report_date', 'desc')
      .orderBy('report_id', 'desc')
      .limit(1),
);

/** The newest live report of a category (latest date, then latest upload), or nothing. */
export async function findLatestReport(
  db: Db,
  partnerId: number,
  categoryCode: string,
): Promise<ReportRow | undefined> {
  const [row] = await latestReportStatement(db, { partnerId, categoryCode });
  return row && { ...row, fileSize: Number(row.fileSize) };
}

function storedReports(db: Db) {
  return db
    .selectFrom('reports')
    .innerJoin('partners', 'partners.partner_id', 'reports.partner_id')
    .select([
      'reports.report_id as reportId',
      'reports.file_name as fileName',
      'reports.file_size as fileSize',
      'reports.report_date as reportDate',
      'reports.last_modified as lastModified',
      'reports.frequency_type_code as frequencyTypeCode',
      'reports.partner_id as partnerId',
      'partners.access_type_code as accessTypeCode',
      'partners.code as partnerCode',
      'reports.category_code as categoryCode',
      'reports.content_type as contentType',
      'reports.storage_key as storageKey',
      'reports.sha256',
    ]);
}

/** Live reports with these ids, with their partner so the caller can check access; in id order. */
export async function findLiveReports(db: Db, reportIds: number[]): Promise<StoredReport[]> {
  if (reportIds.length === 0) return [];
  const rows = await storedReports(db)
    .where('reports.report_id', 'in', reportIds)
    .where(whereLive())
    .orderBy('reports.report_id')
    .execute();
  return rows.map((row) => ({ ...row, fileSize: Number(row.fileSize) }));
}

/**
 * The live report of this id, or, when a re-upload has replaced it, the live report that holds
 * its file now (same partner, category, date and file name; the stored bytes were overwritten in
 * place, so the replaced ones exist no more). A deleted report has no current one.
 */
export async function findCurrentReport(db: Db, reportId: number): Promise<StoredReport | undefined> {
  const row = await storedReports(db)
    .innerJoin('reports as asked', (join) =>
      join
        .onRef('asked.partner_id', '=', 'reports.partner_id')
        .onRef('asked.category_code', '=', 'reports.category_code')
        .onRef('asked.report_date', '=', 'reports.report_date')
        .onRef('asked.file_name', '=', 'reports.file_name'),
    )
    .where('asked.report_id', '=', reportId)
    .where('asked.deleted_at', 'is', null)
    .where(whereLive())
    .executeTakeFirst();
  return row && { ...row, fileSize: Number(row.fileSize) };
}

/**
 * Marks a report deleted (its row and its file are kept, so it can be recovered). Returns what
 * was deleted, or false when the report was not live. The caller audits it in its transaction,
 * which also holds the report.deleted event written here.
 */
export async function softDeleteReport(db: Db, input: { reportId: number; deletedBy: string }) {
  const deleted = await db
    .updateTable('reports')
    .set({ deleted_at: sql<Date>`now()`, deleted_by: input.deletedBy })
    .where('report_id', '=', input.reportId)
    .where(whereLive())
    .returning([
      'file_name as fileName',
      'report_date as reportDate',
      'storage_key as storageKey',
      'partner_id as partnerId',
      'category_code as categoryCode',
      'frequency_type_code as frequencyTypeCode',
    ])
    .executeTakeFirst();
  if (!deleted) return false;
  await recordReportEvents(db, [
    {
      eventType: 'report.deleted',
      partnerId: deleted.partnerId,
      categoryCode: deleted.categoryCode,
      frequencyTypeCode: deleted.frequencyTypeCode,
      reportId: input.reportId,
      reportDate: deleted.reportDate,
      fileName: deleted.fileName,
    },
  ]);
  return deleted;
}

/** Audits a view or a download: who, which reports, and how many bytes went out. */
export async function recordReportAccess(
  db: Db,
  input: {
    userId: string;
    action: 'REPORT_VIEW' | 'REPORT_DOWNLOAD' | 'REPORT_UPLOAD';
    reportIds: number[];
    detail: Record<string, unknown>;
  },
): Promise<void> {
  for (const reportId of input.reportIds) {
    await writeAudit(db, {
      actorUserId: input.userId,
      action: input.action,
      entityType: 'report',
      entityId: String(reportId),
      detail: { reportIds: input.reportIds, ...input.detail },
    });
  }
}
