import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { type BatchFileSelection, type Database, disputeFileRecords, invoiceFileRecords } from '@portal/db';
import { batchFileHeader, batchFileTrailer, disputeFileLine, invoiceFileLine } from '@portal/domain';
import type { BatchKind } from '@portal/domain/forms/form-batch';
import type { Kysely, Transaction } from 'kysely';

export type BatchTotals = { count: number; totalCents: number };

/**
 * The batch file as a stream (docs/batch-files.md): the header, the records a page at a time as
 * the database gives them, and the trailer with the count, total and the SHA-256 of the lines
 * before it. Memory holds one page, however many records the batch has. `totals` is complete
 * once the stream has ended.
 */
export function batchFileStream(
  db: Kysely<Database> | Transaction<Database>,
  kind: BatchKind,
  batchDate: string,
  selection: BatchFileSelection,
): { stream: Readable; totals: BatchTotals } {
  const totals: BatchTotals = { count: 0, totalCents: 0 };
  const hash = createHash('sha256');
  const take = (text: string) => {
    hash.update(text);
    return text;
  };
  async function* lines(): AsyncGenerator<string> {
    yield take(batchFileHeader(kind));
    if (kind === 'disputes') {
      for await (const page of disputeFileRecords(db, selection)) {
        let chunk = '';
        for (const record of page) {
          chunk += disputeFileLine(batchDate, record);
          totals.totalCents += record.disputeAmountCents;
        }
        totals.count += page.length;
        yield take(chunk);
      }
    } else {
      for await (const page of invoiceFileRecords(db, selection)) {
        let chunk = '';
        for (const record of page) chunk += invoiceFileLine(batchDate, record);
        totals.count += page.length;
        yield take(chunk);
      }
    }
    yield batchFileTrailer({ batchDate, ...totals, sha256: hash.digest('hex') });
  }
  return { stream: Readable.from(lines(), { objectMode: false }), totals };
}
