import { findCurrentReport, findLiveReports, type StoredReport } from '@portal/db';
import type { Feature } from '@portal/domain';
import { MAX_REPORTS_PER_DOWNLOAD } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../lib/http/errors.js';
import { requirePartner } from '../plugins/access.js';

export const REPORT_NOT_FOUND = 'The report was not found.';
export const SELECT_REPORTS = `Select between 1 and ${MAX_REPORTS_PER_DOWNLOAD} reports to download.`;
const INVALID_ID = 'A report id is a whole number.';

/** A report id from a path or a query: a positive integer that fits Postgres' integer. */
export function parseReportId(raw: string): number {
  const trimmed = raw.trim();
  const id = Number(trimmed);
  if (!/^\d{1,10}$/.test(trimmed) || id < 1 || id > 2_147_483_647) throw badRequest(INVALID_ID);
  return id;
}

/** reportId repeated, comma-joined, or both (SPEC.md §7); 1 to 3 distinct ids. */
export function parseDownloadIds(values: string[] | undefined): number[] {
  const parts = (values ?? []).flatMap((value) => value.split(',')).filter((part) => part.trim() !== '');
  const ids = [...new Set(parts.map(parseReportId))];
  if (ids.length === 0 || ids.length > MAX_REPORTS_PER_DOWNLOAD) throw badRequest(SELECT_REPORTS);
  return ids;
}

/**
 * The live reports behind these ids, in the order asked, each checked against the user's partner
 * access: an unknown id answers 404, an id of a partner the user may not see 403.
 */
export async function loadPermittedReports(
  request: FastifyRequest,
  ids: number[],
  feature: Feature,
): Promise<StoredReport[]> {
  const found = await findLiveReports(request.server.db, ids);
  const byId = new Map(found.map((report) => [report.reportId, report]));
  const reports = ids.map((id) => byId.get(id));
  for (const report of reports) if (!report) throw notFound(REPORT_NOT_FOUND);
  for (const report of reports as StoredReport[]) {
    requirePartner(request, report.accessTypeCode, report.partnerCode, feature);
  }
  return reports as StoredReport[];
}

/**
 * The report behind one id, checked as above, or the one that replaced it by a re-upload: the
 * address a partner's system resumes a download from keeps answering, and If-Range tells it
 * whether the bytes it holds are still those of the file.
 */
export async function loadCurrentReport(
  request: FastifyRequest,
  id: number,
  feature: Feature,
): Promise<StoredReport> {
  const report = await findCurrentReport(request.server.db, id);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  requirePartner(request, report.accessTypeCode, report.partnerCode, feature);
  return report;
}
