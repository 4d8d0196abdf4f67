import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText, PreviewCollector } from './cells.js';
import { PREVIEW_LIMITS, PreviewError, type Worksheet } from './limits.js';
import { assertSafeZip } from './zip-guard.js';

// An xlsx preview: the file (at most PREVIEW_LIMITS.xlsxBytes) is checked by the zip guard,
// then read by exceljs's streaming WorkbookReader one row at a time.

type RowLike = { values: unknown };
type SheetReader = AsyncIterable<RowLike> & { name?: string; id?: number };

export async function previewXlsx(file: Buffer): Promise<Worksheet[]> {
  await assertSafeZip(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const collector = new PreviewCollector();
  try {
    for await (const sheetReader of reader as unknown as AsyncIterable<SheetReader>) {
      const sheet = collector.startSheet(sheetReader.name ?? `Sheet${sheetReader.id ?? ''}`);
      // Rows past the limits are still walked (the zip guard bounds that work) so the
      // reader reaches the next worksheet; they are not kept.
      for await (const row of sheetReader) {
        if (!sheet) continue;
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from({ length: Math.min(values.length, PREVIEW_LIMITS.columns + 1) }, (_, i) =>
          cellText(values[i]),
        );
        collector.addRow(sheet, cells);
      }
    }
  } catch (error) {
    if (error instanceof PreviewError) throw error;
    throw new PreviewError('This file could not be read as a spreadsheet.');
  }
  return collector.worksheets;
}
