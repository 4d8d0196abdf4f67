import type { Readable } from 'node:stream';
import { ingestReport, ReportIngestError, recordReportAccess } from '@portal/db';
import { reportFileProblem } from '@portal/domain';
import { isReportDate } from '@portal/domain/reports/report-keys';
import { contentTypeForFileName } from '@portal/storage';
import { badRequest, notFound } from '../lib/http/errors.js';
import type { StoreDeps } from '../lib/service-deps.js';

export type ReportUpload = {
  uploadedBy: string;
  accessTypeCode: string;
  partnerCode: string;
  reportCategoryCode: string;
  /** The form's fields, read before the file. */
  fields: Record<string, string>;
  fileName: string;
  file: Readable;
  /** The extensions a report file may have (REPORT_UPLOAD_EXTENSIONS). */
  allowedExtensions: readonly string[];
};

/**
 * Stores an uploaded report file and records it with its REPORT_UPLOAD audit entry in one
 * transaction; a file of the same name and date replaces the live one. The route has checked
 * that the caller is a service account with this partner.
 */
export async function uploadReport({ db, store }: StoreDeps, upload: ReportUpload) {
  const fileProblem = reportFileProblem(upload.fileName, upload.allowedExtensions);
  if (fileProblem) throw badRequest(fileProblem, { field: 'file' });
  const reportDate = upload.fields.reportDate ?? '';
  if (!isReportDate(reportDate)) {
    throw badRequest('reportDate (YYYY-MM-DD) is required and must come before the file.');
  }
  try {
    return await ingestReport(db, store, {
      accessTypeCode: upload.accessTypeCode,
      partnerCode: upload.partnerCode,
      categoryCode: upload.reportCategoryCode,
      reportDate,
      fileName: upload.fileName,
      frequencyTypeCode: upload.fields.frequencyTypeCode,
      body: upload.file,
      contentType: contentTypeForFileName(upload.fileName),
      uploadedBy: upload.uploadedBy,
      inTransaction: (trx, report) =>
        recordReportAccess(trx, {
          userId: upload.uploadedBy,
          action: 'REPORT_UPLOAD',
          reportIds: [report.reportId],
          detail: { fileName: report.fileName, bytes: report.size, sha256: report.sha256 },
        }),
    });
  } catch (error) {
    if (error instanceof ReportIngestError) {
      throw error.code === 'UNKNOWN_PARTNER' ? notFound(error.message) : badRequest(error.message);
    }
    throw error;
  }
}
