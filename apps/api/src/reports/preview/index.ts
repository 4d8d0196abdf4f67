import type { Readable } from 'node:stream';
import { previewCsv } from './csv.js';
import { PREVIEW_LIMITS, PreviewError, type Worksheet } from './limits.js';
import { previewXls, previewXlsx } from './workbook.js';

export { PREVIEW_LIMITS, PreviewError, type Worksheet } from './limits.js';

/** The worksheets of a csv, xls or xlsx file, within PREVIEW_LIMITS; PreviewError otherwise. */
export async function previewReport(input: {
  fileName: string;
  fileSize: number;
  open: () => Promise<Readable>;
}): Promise<Worksheet[]> {
  const extension = input.fileName.split('.').pop()?.toLowerCase();
  if (extension === 'csv') {
    return previewCsv(await input.open(), input.fileName.replace(/\.csv$/i, ''));
  }
  if (extension === 'xlsx') {
    if (input.fileSize > PREVIEW_LIMITS.xlsxBytes) {
      throw new PreviewError('This spreadsheet is too large to preview. Download it instead.');
    }
    return previewXlsx(await readAtMost(await input.open(), PREVIEW_LIMITS.xlsxBytes));
  }
  if (extension === 'xls') {
    if (input.fileSize > PREVIEW_LIMITS.xlsBytes) {
      throw new PreviewError('This spreadsheet is too large to preview. Download it instead.');
    }
    return previewXls(await readAtMost(await input.open(), PREVIEW_LIMITS.xlsBytes));
  }
  throw new PreviewError('Only csv, xls and xlsx files can be viewed.');
}

/** The whole stream, refusing (and abandoning) it past `limit` bytes whatever the record said. */
async function readAtMost(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit)
        throw new PreviewError('This spreadsheet is too large to preview. Download it instead.');
      chunks.push(chunk);
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks, size);
}
