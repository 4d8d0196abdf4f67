import { recordReportAccess, type StoredReport } from '@portal/db';
import { isViewableFile } from '@portal/domain';
import { HttpError } from '../lib/http/errors.js';
import type { StoreDeps } from '../lib/service-deps.js';
import { PreviewError, previewReport } from './preview/index.js';
import { openReports } from './send-reports.js';

/**
 * The preview of a csv or xlsx report as worksheets, audited as a REPORT_VIEW once it is made.
 * The route has loaded the report and checked the user's right to it.
 */
export async function viewReport(
  { db, store }: StoreDeps,
  { userId, report }: { userId: string; report: StoredReport },
) {
  if (!isViewableFile(report.fileName))
    throw new HttpError(422, 'Only csv, xls and xlsx files can be viewed.');
  let worksheets: Awaited<ReturnType<typeof previewReport>>;
  try {
    worksheets = await previewReport({
      fileName: report.fileName,
      fileSize: report.fileSize,
      open: async () => (await openReports(store, [report]))[0] as never,
    });
  } catch (error) {
    if (error instanceof PreviewError) throw new HttpError(422, error.message);
    throw error;
  }
  await recordReportAccess(db, {
    userId,
    action: 'REPORT_VIEW',
    reportIds: [report.reportId],
    detail: { fileName: report.fileName, worksheets: worksheets.length },
  });
  return { reportId: report.reportId, fileName: report.fileName, worksheets };
}
