import type { ReportRow } from '@portal/db';
import { formatFileSize } from '@portal/domain/reports/file-size';

// A report as the SPA receives it (SPEC.md §3); the reply schemas are defined once in
// @portal/domain/api/reports.

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
