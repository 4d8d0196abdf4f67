// Runs in a worker thread (sheet-reader.ts): SheetJS parses synchronously, so a workbook is read
// here, where the caller can stop it at the time limit and the heap limit bounds its memory.
// Plain JavaScript so the worker starts the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

const { file, rows, columns, cellCharacters, worksheets } = workerData;

function cellText(cell) {
  if (cell === undefined || cell === null) return '';
  // The workbook's own formatting (dates, currency, percentages) where the reader gives it.
  if (typeof cell.w === 'string') return cell.w.slice(0, cellCharacters + 1);
  if (cell.v === undefined || cell.v === null) return '';
  if (typeof cell.v === 'boolean') return cell.v ? 'TRUE' : 'FALSE';
  return String(cell.v).slice(0, cellCharacters + 1);
}

const indices = Array.from({ length: worksheets }, (_, i) => i);
const workbook = XLSX.read(file, {
  type: 'buffer',
  dense: true,
  sheetRows: rows + 1,
  // Format 14 is Excel's "short date" of the reader's locale: shown as SPEC.md §9's MM/dd/yyyy,
  // as Excel in the United States shows it. Every other format is the workbook's own.
  dateNF: 'mm/dd/yyyy',
  sheets: indices,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  bookVBA: false,
  bookDeps: false,
  bookFiles: false,
});

const sheets = [];
for (const name of workbook.SheetNames.slice(0, worksheets)) {
  const sheet = workbook.Sheets[name];
  const data = sheet?.['!data'] ?? [];
  const ref = sheet?.['!ref'];
  const range = ref ? XLSX.utils.decode_range(ref) : null;
  const full = sheet?.['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : range;
  const out = [];
  if (range) {
    const lastColumn = Math.min(range.e.c, range.s.c + columns);
    for (let r = range.s.r; r <= range.e.r && out.length <= rows; r += 1) {
      const row = data[r] ?? [];
      const cells = [];
      for (let c = range.s.c; c <= lastColumn; c += 1) cells.push(cellText(row[c]));
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      out.push(cells);
    }
    // Trailing empty rows are formatting, not data.
    while (out.length > 0 && out[out.length - 1].length === 0) out.pop();
  }
  const moreRows = full !== null && range !== null && full.e.r > range.e.r;
  const moreColumns = range !== null && range.e.c - range.s.c + 1 > columns;
  sheets.push({ name, rows: out, cut: moreRows || moreColumns });
}
parentPort.postMessage(sheets);
