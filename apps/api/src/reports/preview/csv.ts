import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { PreviewCollector } from './cells.js';
import { decodedCsv } from './csv-encoding.js';
import { PREVIEW_LIMITS, PreviewError, type Worksheet } from './limits.js';

// A csv preview: one worksheet named after the file, decoded from UTF-8, UTF-16 or Windows-1252
// (csv-encoding.ts), read as a stream and abandoned once PREVIEW_LIMITS.rows are in, so a file of
// any length costs the same. A record longer than PREVIEW_LIMITS.csvRecordBytes (a file without
// line breaks, an unclosed quote) is refused.

export async function previewCsv(body: Readable, sheetName: string): Promise<Worksheet[]> {
  const collector = new PreviewCollector();
  const sheet = collector.startSheet(sheetName);
  if (!sheet) return [];
  const { text, delimiter } = await decodedCsv(body);
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: PREVIEW_LIMITS.csvRecordBytes,
  });
  text.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!collector.addRow(sheet, record)) break;
    }
  } catch {
    throw new PreviewError('This file could not be read as csv, or has a line too long to preview.');
  } finally {
    text.unpipe(parser);
    text.destroy();
    body.destroy();
    parser.destroy();
  }
  return collector.worksheets;
}
