import type { Database } from '@portal/db';
import { claimBatch, finishBatch, insertDisputes, insertInvoiceRequest } from '@portal/db';
import { batchFileKey } from '@portal/domain';
import type { BlobStore } from '@portal/storage';
import { storedDispute } from '@portal/testing/forms';
import type { Kysely } from 'kysely';

// The records the operational forms' matrix rows act on: pending invoice requests and disputes
// (one to edit; one to delete per persona, since a delete that succeeds once answers 404 after)
// and a dispute batch with its file for the download row.

export type FormMatrixIds = {
  invoiceToEdit: number;
  invoicesToDelete: number[];
  disputeToEdit: number;
  disputesToDelete: number[];
  formBatchDate: string;
};

export const MATRIX_DISPUTE = storedDispute({
  messageDate: '2026-11-02',
  transactionDate: '2026-11-01',
  disputeAmountCents: 1000,
  transactionAmountCents: 2000,
  issuerClaimId: 'IC',
  issuerClaimTransactionId: 'ICT',
});

export async function seedFormFixtures(db: Kysely<Database>, blobs: BlobStore): Promise<FormMatrixIds> {
  const invoiceIds: number[] = [];
  for (let i = 0; i < 9; i++) {
    const created = await insertInvoiceRequest(db, {
      accountNumber: '1234567890123456',
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      batchDate: '2099-01-02',
      createdBy: 'matrix',
    });
    invoiceIds.push(created.recordId);
  }
  const disputes = await insertDisputes(db, Array(9).fill(MATRIX_DISPUTE), {
    retailer: 'bjs',
    batchDate: '2099-01-02',
    createdBy: 'matrix',
  });
  const batchDate = '2026-11-20';
  const batchId = await claimBatch(db, 'disputes', {
    batchDate,
    scheduledFor: new Date('2026-11-21T01:00:00Z'),
    startedAt: new Date('2026-11-21T01:00:00Z'),
    late: false,
  });
  const stored = await blobs.put(
    batchFileKey('disputes', batchDate),
    Buffer.from('record_id\r\nTRAILER\r\n'),
  );
  await finishBatch(db, 'disputes', batchId!, {
    recordCount: 0,
    totalCents: 0,
    storageKey: stored.key,
    checksum: stored.sha256,
    finishedAt: new Date('2026-11-21T01:00:01Z'),
  });
  return {
    invoiceToEdit: invoiceIds[0]!,
    invoicesToDelete: invoiceIds.slice(1),
    disputeToEdit: disputes[0]!.recordId,
    disputesToDelete: disputes.slice(1).map((d) => d.recordId),
    formBatchDate: batchDate,
  };
}
