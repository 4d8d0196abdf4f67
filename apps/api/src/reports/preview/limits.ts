// How much a report preview reads: enough to show a worksheet, never enough to hurt the server.
// A file past a hard limit answers 422 with PreviewError's message; a long sheet is cut short.
export const PREVIEW_LIMITS = {
  /** Rows shown per worksheet; the rest is left out and the sheet marked truncated. */
  rows: 1_000,
  /** Columns shown per row. */
  columns: 100,
  /** Characters kept of one cell. */
  cellCharacters: 1_000,
  /** Characters of cell text in the whole preview, across worksheets. */
  totalCharacters: 2_000_000,
  /** Worksheets read. */
  worksheets: 20,
  /** Largest xlsx read at all: the whole file is held in memory for the zip checks. */
  xlsxBytes: 25 * 1024 * 1024,
  /** Entries of an xlsx zip. */
  zipEntries: 2_000,
  /** Bytes all entries of an xlsx may expand to, measured by inflating, not by trusting headers. */
  expandedBytes: 100 * 1024 * 1024,
  /** Largest xls read at all (not compressed: its size bounds what the reader holds). */
  xlsBytes: 25 * 1024 * 1024,
  /** Heap of the worker thread that reads one workbook; past it the read stops (too large). */
  readerHeapMegabytes: 768,
  /** Time one workbook may take to read; past it the worker is stopped (422). */
  readMilliseconds: 20_000,
  /** Bytes of one csv record, so a file without line breaks cannot fill memory. */
  csvRecordBytes: 1024 * 1024,
} as const;

/** A file the preview will not read; the message is for the user. */
export class PreviewError extends Error {
  override readonly name = 'PreviewError';
}

export type Worksheet = { name: string; rows: string[][]; truncated: boolean };
