import { PreviewCollector } from './cells.js';
import { PreviewError, type Worksheet } from './limits.js';
import { readWorkbook } from './sheet-reader.js';
import { assertSafeZip } from './zip-guard.js';

// Workbook previews: .xlsx (any writer, with or without cell references) and .xls (BIFF2 to BIFF8,
// and the HTML or SpreadsheetML 2003 files that systems often save under that name), every
// worksheet as its own tab, within PREVIEW_LIMITS.

const unreadable = () => new PreviewError('This file could not be read as a spreadsheet.');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** BOF record types of BIFF2, BIFF3 and BIFF4 worksheets, which are not in a compound file. */
const BIFF_BOF = new Set([0x0009, 0x0209, 0x0409]);

export async function previewXlsx(file: Buffer): Promise<Worksheet[]> {
  await assertSafeZip(file);
  return collect(await readWorkbook(file));
}

export async function previewXls(file: Buffer): Promise<Worksheet[]> {
  if (file.subarray(0, 4).equals(ZIP)) return previewXlsx(file);
  if (!(file.subarray(0, 8).equals(COMPOUND_FILE) || isBiffStream(file) || isMarkup(file)))
    throw unreadable();
  return collect(await readWorkbook(file));
}

function isBiffStream(file: Buffer): boolean {
  return file.length >= 4 && BIFF_BOF.has(file.readUInt16LE(0));
}

/** An HTML table or an XML Spreadsheet 2003, the text formats saved as .xls. */
function isMarkup(file: Buffer): boolean {
  const head = file
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<?xml') ||
    head.startsWith('<html') ||
    head.startsWith('<!doctype html') ||
    head.startsWith('<table')
  );
}

function collect(sheets: Awaited<ReturnType<typeof readWorkbook>>): Worksheet[] {
  const collector = new PreviewCollector();
  for (const raw of sheets) {
    const sheet = collector.startSheet(raw.name);
    if (!sheet) break;
    for (const row of raw.rows) if (!collector.addRow(sheet, row)) break;
    if (raw.cut) sheet.truncated = true;
  }
  return collector.worksheets;
}
