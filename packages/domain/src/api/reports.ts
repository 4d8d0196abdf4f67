import { type Static, Type } from 'typebox';
import { CodeName, Message, Nullable } from './common.js';

// The replies of the report calls (SPEC.md §3 Report, §7 partners, categories, reports, view,
// upload). A report's fileSize is text and rawSize its byte count; reportDate and lastModified
// are seconds since the epoch (reportDate at 00:00 UTC).

export const Report = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  fileSize: Type.String(),
  rawSize: Type.Integer(),
  reportDate: Type.Integer(),
  lastModified: Type.Integer(),
  frequencyType: Type.String(),
});
export type Report = Static<typeof Report>;

export const AccessType = CodeName;
export type AccessType = CodeName;
export const FrequencyType = CodeName;
export type FrequencyType = CodeName;

export const ReportPartner = Type.Object({
  name: Type.String(),
  code: Type.String(),
  type: Type.String(),
  /** Beyond SPEC.md §3: whether a logo was uploaded, so a card without one asks for none (issue 24). */
  hasLogo: Type.Optional(Type.Boolean()),
});
export type ReportPartner = Static<typeof ReportPartner>;

export const ReportCategory = Type.Object({
  name: Type.String(),
  code: Type.String(),
  externalLink: Nullable(Type.String()),
  frequencyTypes: Type.Array(FrequencyType),
});
export type ReportCategory = Static<typeof ReportCategory>;

/** GET /api/partners: the partners the user may see, by access type code. */
export const PartnersReply = Type.Object({
  accessTypes: Type.Array(AccessType),
  partners: Type.Record(Type.String(), Type.Array(ReportPartner)),
});
export type PartnersReply = Static<typeof PartnersReply>;

export const CategoriesReply = Type.Object({
  categories: Type.Array(ReportCategory),
  selectedAccessType: AccessType,
  selectedPartner: ReportPartner,
});
export type CategoriesReply = Static<typeof CategoriesReply>;

export const ReportsReply = Type.Object({
  reports: Type.Record(Type.String(), Type.Array(Report)),
  frequencyTypes: Type.Array(FrequencyType),
  latestReport: Nullable(Report),
  selectedAccessType: AccessType,
  selectedPartner: ReportPartner,
  selectedCategory: ReportCategory,
  /** True when the range held more than MAX_REPORTS_LISTED reports and was cut. */
  truncated: Type.Boolean(),
});
export type ReportsReply = Static<typeof ReportsReply>;

/**
 * GET /api/reports/{accessTypeCode}/{partnerCode}/{reportCategoryCode}/dates: every date with a
 * report, newest first (YYYY-MM-DD), for the date picker. Apart from the list, which is read again
 * on every change of dates, while these change only when reports arrive. `following`: whether the
 * caller follows the category by mail (the Follow button says so), read with them once a page.
 */
export const ReportDatesReply = Type.Object({
  reportDates: Type.Array(Type.String()),
  following: Type.Boolean(),
});
export type ReportDatesReply = Static<typeof ReportDatesReply>;

/** GET /api/reports/view/:reportId: a csv or xlsx file as worksheets of text cells. */
export const PreviewReply = Type.Object({
  reportId: Type.Integer(),
  fileName: Type.String(),
  worksheets: Type.Array(
    Type.Object({
      name: Type.String(),
      rows: Type.Array(Type.Array(Type.String())),
      truncated: Type.Boolean(),
    }),
  ),
});
export type PreviewReply = Static<typeof PreviewReply>;

/** POST /api/reports/.../upload (service accounts). */
export const UploadedReport = Type.Object({
  reportId: Type.Integer(),
  fileName: Type.String(),
  rawSize: Type.Integer(),
  sha256: Type.String(),
  reportDate: Type.String(),
  frequencyType: Type.String(),
  supersededReportId: Nullable(Type.Integer()),
});
export type UploadedReport = Static<typeof UploadedReport>;

/** DELETE /api/reports/:reportId. */
export const DeletedReport = Type.Object({ reportId: Type.Integer(), deleted: Type.Boolean() });
export type DeletedReport = Static<typeof DeletedReport>;

// GET /api/reports/download: a file or a zip, streamed; never serialised. The headers are those
// OpenAPI shows: one report is sent exactly as stored, resumable and verifiable, a zip is not.
const ETag = Type.String({ description: 'One report: strong, the SHA-256 of the file in hex, quoted' });
const fileHeaders = {
  'Content-Disposition': Type.String({ description: 'attachment, with the file name' }),
  ETag,
  'Repr-Digest': Type.String({
    description: 'One report: sha-256=:<base64>: of the whole file (RFC 9530), on a part as well',
  }),
  'Accept-Ranges': Type.String({ description: 'One report: bytes' }),
};

export const ReportFile = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'One report as its file, or two or three as a zip',
  headers: fileHeaders,
});

/** One range of one report's file (Range, with an If-Range that matches or none). */
export const ReportFilePart = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'The range asked for, of one report',
  headers: {
    ...fileHeaders,
    'Content-Range': Type.String({ description: 'bytes <first>-<last>/<size of the file>' }),
  },
});

export const ReportFileNotModified = Type.Null({
  description: 'If-None-Match held the ETag of the file: the client has it already',
  headers: { ETag },
});

export const RangeNotSatisfiable = Type.Object(Message.properties, {
  description: 'The Range starts past the end of the file',
  headers: { 'Content-Range': Type.String({ description: 'bytes */<size of the file>' }) },
});
