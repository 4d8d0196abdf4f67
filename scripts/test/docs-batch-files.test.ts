import { createHash } from 'node:crypto';
import {
  batchFileHeader,
  batchFileTrailer,
  DISPUTE_FILE_HEADER,
  disputeFileLine,
  INVOICE_FILE_HEADER,
} from '@portal/domain/forms/batch-file';
import { docSample } from '@portal/testing/doc-samples';
import { storedDispute } from '@portal/testing/forms';
import { expect, it } from 'vitest';

// docs/batch-files.md shows the files the batches write: its headers are the writer's, and its
// example is what the writer makes of that record, trailer included.

it('shows the headers the writer writes', () => {
  expect(docSample('docs/batch-files.md', 'disputes-header').code).toBe(`${DISPUTE_FILE_HEADER.join(',')}\n`);
  expect(docSample('docs/batch-files.md', 'invoices-header').code).toBe(`${INVOICE_FILE_HEADER.join(',')}\n`);
});

it("shows a disputes file as the writer writes that record, with the trailer's checksum", () => {
  const [header, record, trailer] = docSample('docs/batch-files.md', 'disputes-file')
    .code.trimEnd()
    .split('\n');
  const body =
    batchFileHeader('disputes') +
    disputeFileLine('2026-11-23', {
      recordId: 7,
      retailer: 'bjs',
      ...storedDispute({
        messageType: 'outcome-chargeback',
        acquirerClaimId: 'AC',
        chargebackReferenceId: 'CB',
      }),
    });
  expect(`${header}\r\n${record}\r\n`).toBe(body);
  const sha256 = createHash('sha256').update(body).digest('hex');
  const written = batchFileTrailer({ batchDate: '2026-11-23', count: 1, totalCents: 1250, sha256 });
  expect(trailer).toBe(written.trimEnd().replace(sha256, '<sha-256 of the two lines above>'));
});
