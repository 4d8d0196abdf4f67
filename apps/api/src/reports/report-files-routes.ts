import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type IngestedReport, recordReportAccess } from '@portal/db';
import { Message } from '@portal/domain/api/common';
import {
  PreviewReply,
  RangeNotSatisfiable,
  ReportFile,
  ReportFileNotModified,
  ReportFilePart,
  UploadedReport,
} from '@portal/domain/api/reports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { forbidden, notFound } from '../lib/http/errors.js';
import { contentRange } from '../lib/http/file-conditions.js';
import { CategoryParams } from '../lib/http/route-params.js';
import { hasFreshVerification } from '../lib/vendors/human-verification.js';
import { requirePartner, requireUser } from '../plugins/access.js';
import { loadCurrentReport, loadPermittedReports, parseDownloadIds, parseReportId } from './report-ids.js';
import { withUploadForm } from './report-upload-form.js';
import { openReportFile, sendReportFile, startsDownload } from './send-report-file.js';
import { openZipDownload, sendZipDownload } from './send-reports.js';
import { uploadReport } from './upload-report.js';
import { viewReport } from './view-report.js';

// The bytes of reports: download (SPEC.md §7; one file as itself, resumable by byte ranges, two
// or three as a zip), the preview of csv and xlsx files as worksheets, and the upload by service
// accounts. Every view and download is audited with who, which reports and the bytes sent.

export const VERIFICATION_REQUIRED = 'Please complete the human verification before downloading.';
export const SERVICE_ACCOUNTS_ONLY = 'Only service accounts may upload reports.';

const uploadView = (ingested: IngestedReport): UploadedReport => ({
  reportId: ingested.reportId,
  fileName: ingested.fileName,
  rawSize: ingested.size,
  sha256: ingested.sha256,
  reportDate: ingested.reportDate,
  frequencyType: ingested.frequencyTypeCode,
  supersededReportId: ingested.supersededReportId,
});

const reportFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const uploadLimits = {
    fileSize: app.config.REPORT_UPLOAD_MAX_BYTES,
    files: 1,
    fields: 5,
    fieldSize: 200,
    parts: 6,
  };
  await app.register(multipart, { limits: uploadLimits, throwFileSizeLimit: true });
  const uploadDeps = { db: app.db, store: app.blobStore };
  const allowedExtensions = app.config.reportUploadExtensions;

  /** Audits once the reply is over, with the bytes that actually left (and their range, if one). */
  const auditWhenSent = (
    reply: FastifyReply,
    entry: { userId: string; reportIds: number[]; fileName: string; range?: string },
    bytes: () => number,
  ) => {
    let completed = false;
    reply.raw.once('finish', () => {
      completed = true;
    });
    reply.raw.once('close', () => {
      const { fileName, range, ...who } = entry;
      const detail = { fileName, ...(range && { range }), bytesSent: bytes(), completed };
      recordReportAccess(app.db, { ...who, action: 'REPORT_DOWNLOAD', detail }).catch((error) =>
        reply.log.error({ err: error }, 'audit of a report download failed'),
      );
    });
  };

  const downloadOne = async (request: FastifyRequest, reply: FastifyReply, userId: string, id: number) => {
    const report = await loadCurrentReport(request, id, 'VIEW_REPORTS');
    const file = await openReportFile(app.blobStore, report, request);
    const { answer, body } = file;
    // Only the request that starts the transfer is a download; the ranges that resume it are not.
    if (body && startsDownload(answer)) {
      const range = answer.status === 206 ? { range: contentRange(answer, report.fileSize) } : {};
      const entry = { userId, reportIds: [report.reportId], fileName: report.fileName, ...range };
      auditWhenSent(reply, entry, () => body.bytes);
    }
    return sendReportFile(reply, report, file);
  };

  const downloadZip = async (request: FastifyRequest, reply: FastifyReply, userId: string, ids: number[]) => {
    const reports = await loadPermittedReports(request, ids, 'VIEW_REPORTS');
    const download = await openZipDownload(app.blobStore, reports);
    if (request.method !== 'GET') {
      // A HEAD (the automatic twin of this GET) sends no file and is not audited; the files were
      // opened only so that a missing one answers 404 as the GET would, and are closed now.
      download.body.destroy();
      return sendZipDownload(reply, download.fileName, Readable.from([]));
    }
    const entry = { userId, reportIds: ids, fileName: download.fileName };
    auditWhenSent(reply, entry, () => download.body.bytes);
    return sendZipDownload(reply, download.fileName, download.body);
  };

  app.get(
    '/api/reports/download',
    {
      config: { access: { feature: 'VIEW_REPORTS' } },
      // The bytes as stored: the ETag, Repr-Digest and ranges of one report describe them.
      compress: false,
      schema: {
        querystring: Type.Object({
          reportId: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10 })),
        }),
        headers: Type.Object({
          range: Type.Optional(
            Type.String({ description: 'One report: one byte range, e.g. bytes=1048576- to resume' }),
          ),
          'if-range': Type.Optional(
            Type.String({ description: 'The ETag of the bytes held; another ETag gets the whole file' }),
          ),
          'if-none-match': Type.Optional(
            Type.String({ description: 'One report: ETags held; the current one answers 304' }),
          ),
        }),
        response: {
          200: ReportFile,
          206: ReportFilePart,
          304: ReportFileNotModified,
          400: Message,
          403: Message,
          404: Message,
          416: RangeNotSatisfiable,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const ids = parseDownloadIds(request.query.reportId);
      if (!hasFreshVerification(user, app.config.HUMAN_VERIFICATION_MINUTES, app.now().getTime())) {
        throw forbidden(VERIFICATION_REQUIRED);
      }
      const [only] = ids;
      if (ids.length === 1 && only) return downloadOne(request, reply, user.userId, only);
      return downloadZip(request, reply, user.userId, ids);
    },
  );

  app.get(
    '/api/reports/view/:reportId',
    {
      config: { access: { feature: 'VIEW_REPORTS' } },
      schema: {
        params: Type.Object({ reportId: Type.String({ maxLength: 20 }) }),
        response: {
          200: PreviewReply,
          400: Message,
          403: Message,
          404: Message,
          422: Message,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const reportId = parseReportId(request.params.reportId);
      const [report] = await loadPermittedReports(request, [reportId], 'VIEW_REPORTS');
      if (!report) throw notFound();
      return viewReport({ db: app.db, store: app.blobStore }, { userId: user.userId, report });
    },
  );

  app.post(
    '/api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/upload',
    {
      config: { access: { feature: 'VIEW_REPORTS' } },
      schema: {
        params: CategoryParams,
        response: {
          201: UploadedReport,
          400: Message,
          403: Message,
          404: Message,
        },
      },
    },
    async (request, reply) => {
      const { accessTypeCode, partnerCode } = request.params;
      const user = requirePartner(request, accessTypeCode, partnerCode, 'VIEW_REPORTS');
      // Reports come from systems, not people: a person's session may not add files (ISSUE 4).
      if (request.authenticatedBy !== 'token' || !user.isServiceAccount)
        throw forbidden(SERVICE_ACCOUNTS_ONLY);
      const target = { ...request.params, allowedExtensions, uploadedBy: user.userId };
      const ingested = await withUploadForm(request, uploadLimits, (form) =>
        uploadReport(uploadDeps, { ...target, ...form }),
      );
      return reply.status(201).send(uploadView(ingested));
    },
  );
};

export default reportFileRoutes;
