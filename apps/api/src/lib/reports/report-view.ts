import type { ReportRow } from '@portal/db';
import { formatFileSize } from '@portal/domain/file-size';
import { Type } from '@sinclair/typebox';

// A report as the SPA receives it (SPEC.md §3): fileSize is text, rawSize the byte count,
// reportDate and lastModified are seconds since the epoch (reportDate at 00:00 UTC).

export const ReportReply = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  fileSize: Type.String(),
  rawSize: Type.Integer(),
  reportDate: Type.Integer(),
  lastModified: Type.Integer(),
  frequencyType: Type.String(),
});

export const FrequencyTypeReply = Type.Object({ code: Type.String(), name: Type.String() });
export const AccessTypeReply = Type.Object({ code: Type.String(), name: Type.String() });
export const PartnerReply = Type.Object({ name: Type.String(), code: Type.String(), type: Type.String() });
export const CategoryReply = Type.Object({
  name: Type.String(),
  code: Type.String(),
  externalLink: Type.Union([Type.String(), Type.Null()]),
  frequencyTypes: Type.Array(FrequencyTypeReply),
});

export function reportView(row: ReportRow) {
  return {
    id: row.reportId,
    fileName: row.fileName,
    fileSize: formatFileSize(row.fileSize),
    rawSize: row.fileSize,
    reportDate: Date.parse(`${row.reportDate}T00:00:00Z`) / 1000,
    lastModified: Math.floor(row.lastModified.getTime() / 1000),
    frequencyType: row.frequencyTypeCode,
  };
}

/** Reports grouped by frequency type code, with an (empty) list for every type of the category. */
export function groupByFrequencyType(rows: ReportRow[], frequencyTypeCodes: string[]) {
  const groups: Record<string, ReturnType<typeof reportView>[]> = {};
  for (const code of frequencyTypeCodes) groups[code] = [];
  for (const row of rows) {
    groups[row.frequencyTypeCode] ??= [];
    groups[row.frequencyTypeCode]?.push(reportView(row));
  }
  return groups;
}
