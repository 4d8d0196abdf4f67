import { formatUsDate } from '@portal/domain/time/iso-date';
import ExcelJS from 'exceljs';

// A generated report as plain tables, written out as CSV or as an XLSX workbook.

export type ColumnKind = 'text' | 'date' | 'usd' | 'count';
export type Column = { header: string; kind: ColumnKind; width?: number };
/** Dates are 'YYYY-MM-DD' strings, amounts numbers of dollars. */
export type Cell = string | number;
export type Sheet = { name: string; columns: Column[]; rows: Cell[][] };

export const CSV_CONTENT_TYPE = 'text/csv';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvCell(column: Column, value: Cell): string {
  if (column.kind === 'date') return formatUsDate(String(value));
  if (column.kind === 'usd') return Number(value).toFixed(2);
  return csvField(String(value));
}

export function toCsv(sheet: Sheet): Buffer {
  const lines = [sheet.columns.map((c) => csvField(c.header)).join(',')];
  for (const row of sheet.rows)
    lines.push(sheet.columns.map((column, i) => csvCell(column, row[i] ?? '')).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  date: 'mm/dd/yyyy',
  usd: '"$"#,##0.00;[Red]-"$"#,##0.00',
  count: '#,##0',
};

export async function toXlsx(sheets: Sheet[], createdOn: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Partner Portal demo data';
  workbook.created = new Date(`${createdOn}T06:00:00Z`);
  workbook.modified = workbook.created;
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column, i) => ({
      header: column.header,
      key: `c${i}`,
      width: column.width ?? Math.max(12, column.header.length + 2),
      style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
    }));
    worksheet.getRow(1).font = { bold: true };
    for (const row of sheet.rows) {
      worksheet.addRow(
        sheet.columns.map((column, i) =>
          column.kind === 'date' ? new Date(`${String(row[i])}T00:00:00Z`) : (row[i] ?? ''),
        ),
      );
    }
    worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
