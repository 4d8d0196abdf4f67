import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { PreviewCollector } from './cells.js';
import { PREVIEW_LIMITS, PreviewError, type Worksheet } from './limits.js';

// A csv preview: one worksheet named after the file, read as a stream and abandoned once
// PREVIEW_LIMITS.rows are in, so a file of any length costs the same. A record longer than
// PREVIEW_LIMITS.csvRecordBytes (a file without line breaks, an unclosed quote) is refused.

export async function previewCsv(body: Readable, sheetName: string): Promise<Worksheet[]> {
  const collector = new PreviewCollector();
  const sheet = collector.startSheet(sheetName);
  if (!sheet) return [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: PREVIEW_LIMITS.csvRecordBytes,
  });
  body.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!collector.addRow(sheet, record)) break;
    }
  } catch {
    throw new PreviewError('This file could not be read as csv, or has a line too long to preview.');
  } finally {
    body.unpipe(parser);
    body.destroy();
    parser.destroy();
  }
  return collector.worksheets;
}
