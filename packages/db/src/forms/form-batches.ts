import type { DisputeFileRecord, InvoiceFileRecord } from '@portal/domain';
import type { BatchSummary } from '@portal/domain/api/forms';
import type { BatchKind } from '@portal/domain/forms/form-batch';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db.js';
import { pendingThrough } from './pending-records.js';

// The nightly batches of the operational forms: one row per kind and business day (the unique
// batch_date is what makes a second worker or a re-run a no-op), and the records each one took.

export type BatchClaim = { batchDate: string; scheduledFor: Date; startedAt: Date; late: boolean };

/**
 * Inserts the batch row of the day, or returns undefined when it exists: a concurrent claim waits
 * on the unique index until the first commits (then finds it) or rolls back (then takes it).
 */
export async function claimBatch(db: Db, kind: BatchKind, claim: BatchClaim): Promise<number | undefined> {
  const values = {
    batch_date: claim.batchDate,
    scheduled_for: claim.scheduledFor,
    started_at: claim.startedAt,
    late: claim.late,
    status: 'running' as const,
  };
  const table = kind === 'disputes' ? 'dispute_batches' : 'invoice_batches';
  const row = await db
    .insertInto(table)
    .values(values)
    .onConflict((oc) => oc.column('batch_date').doNothing())
    .returning('batch_id')
    .executeTakeFirst();
  return row?.batch_id;
}

/**
 * Gives every pending record of the day (or of an earlier day whose batch never took it) to the
 * batch. Runs in the batch's transaction: the row locks hold back edits until it commits.
 */
export async function takeBatchRecords(db: Db, kind: BatchKind, batchId: number, batchDate: string) {
  const table = kind === 'disputes' ? 'disputes' : 'customer_invoice_requests';
  const result = await db
    .updateTable(table)
    .set({ batch_id: batchId })
    .where(pendingThrough(batchDate))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const BATCH_PAGE_SIZE = 5000;

/** The records of one batch, or those a batch of that date would take now (a preview). */
export type BatchFileSelection = { batchId: number } | { pendingThrough: string };

const selected = (selection: BatchFileSelection) =>
  'batchId' in selection
    ? sql<SqlBool>`batch_id = ${selection.batchId}`
    : pendingThrough(selection.pendingThrough);

/**
 * The selected records of one table by record id, a page at a time (keyset paging: each page
 * starts after the last id of the one before), so memory holds one page however many there are.
 */
async function* pagesOf<R extends { recordId: number }>(
  page: (after: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  for (let after = 0; ; ) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.recordId;
  }
}

/** The records of a batch (or those a batch of that date would take), by record id, a page at a time. */
export async function* disputeFileRecords(
  db: Db,
  selection: BatchFileSelection,
  pageSize = BATCH_PAGE_SIZE,
): AsyncGenerator<DisputeFileRecord[]> {
  const pages = pagesOf((after) =>
    db
      .selectFrom('disputes')
      .select([
        'record_id as recordId',
        'retailer',
        'message_type as messageType',
        'customer_id as customerId',
        'bin',
        'message_date as messageDate',
        'dispute_reason_desc as disputeReasonDesc',
        'transaction_date as transactionDate',
        'last_four_card_num as lastFourCardNum',
        sql<number>`(dispute_amount * 100)::bigint::int8`.as('disputeAmountCents'),
        sql<number>`(transaction_amount * 100)::bigint::int8`.as('transactionAmountCents'),
        'issuer_claim_id as issuerClaimId',
        'issuer_claim_transaction_id as issuerClaimTransactionId',
        'merchant_id as merchantId',
        'acquirer_ref_id as acquirerRefId',
        'acquirer_claim_id as acquirerClaimId',
        'chargeback_reference_id as chargebackReferenceId',
      ])
      .where('record_id', '>', after)
      .where(selected(selection))
      .orderBy('record_id')
      .limit(pageSize)
      .execute(),
  );
  for await (const rows of pages)
    yield rows.map((row) => ({
      ...row,
      disputeAmountCents: Number(row.disputeAmountCents),
      transactionAmountCents: Number(row.transactionAmountCents),
    }));
}

export function invoiceFileRecords(
  db: Db,
  selection: BatchFileSelection,
  pageSize = BATCH_PAGE_SIZE,
): AsyncGenerator<InvoiceFileRecord[]> {
  return pagesOf((after) =>
    db
      .selectFrom('customer_invoice_requests')
      .select([
        'record_id as recordId',
        'account_number as accountNumber',
        'start_date as startDate',
        'end_date as endDate',
      ])
      .where('record_id', '>', after)
      .where(selected(selection))
      .orderBy('record_id')
      .limit(pageSize)
      .execute(),
  );
}

export type BatchResult = {
  recordCount: number;
  totalCents: number;
  storageKey: string;
  checksum: string;
  finishedAt: Date;
};

export async function finishBatch(db: Db, kind: BatchKind, batchId: number, result: BatchResult) {
  const common = {
    status: 'completed' as const,
    storage_key: result.storageKey,
    checksum_sha256: result.checksum,
    finished_at: result.finishedAt,
  };
  if (kind === 'disputes') {
    await db
      .updateTable('dispute_batches')
      .set({ ...common, dispute_count: result.recordCount, total_cents: result.totalCents })
      .where('batch_id', '=', batchId)
      .execute();
  } else {
    await db
      .updateTable('invoice_batches')
      .set({ ...common, request_count: result.recordCount })
      .where('batch_id', '=', batchId)
      .execute();
  }
}

/** The latest batch date recorded for a kind, or null: missed batches are caught up after it. */
export async function lastBatchDate(db: Db, kind: BatchKind, onOrBefore: string): Promise<string | null> {
  const table = kind === 'disputes' ? 'dispute_batches' : 'invoice_batches';
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('batch_date').as('last'))
    .where('batch_date', '<=', onOrBefore)
    .executeTakeFirst();
  return (row?.last as string | null | undefined) ?? null;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

type BatchRow = {
  batch_id: number;
  batch_date: string;
  status: 'running' | 'completed';
  started_at: Date;
  finished_at: Date | null;
  late: boolean;
  storage_key: string | null;
  checksum_sha256: string | null;
};

function toSummary(kind: BatchKind, row: BatchRow, recordCount: number, totalCents: number | null) {
  return {
    batchId: row.batch_id,
    kind,
    batchDate: row.batch_date,
    status: row.status,
    recordCount,
    totalCents,
    startedAt: row.started_at.toISOString(),
    finishedAt: iso(row.finished_at),
    late: row.late,
    fileKey: row.storage_key,
    checksum: row.checksum_sha256,
  } satisfies BatchSummary;
}

function disputeBatches(db: Db) {
  return db.selectFrom('dispute_batches').selectAll();
}

function invoiceBatches(db: Db) {
  return db.selectFrom('invoice_batches').selectAll();
}

/** Every batch of both kinds, newest date first (disputes before invoices on the same day). */
export async function listBatches(db: Db, limit = 500): Promise<BatchSummary[]> {
  const disputes = await disputeBatches(db).orderBy('batch_date', 'desc').limit(limit).execute();
  const invoices = await invoiceBatches(db).orderBy('batch_date', 'desc').limit(limit).execute();
  const all: BatchSummary[] = [
    ...disputes.map((row) => toSummary('disputes', row, row.dispute_count, Number(row.total_cents))),
    ...invoices.map((row) => toSummary('invoices', row, row.request_count, null)),
  ];
  return all
    .sort((a, b) =>
      a.batchDate === b.batchDate ? a.kind.localeCompare(b.kind) : a.batchDate < b.batchDate ? 1 : -1,
    )
    .slice(0, limit);
}

export async function findBatch(
  db: Db,
  kind: BatchKind,
  batchDate: string,
): Promise<BatchSummary | undefined> {
  if (kind === 'disputes') {
    const row = await disputeBatches(db).where('batch_date', '=', batchDate).executeTakeFirst();
    return row && toSummary('disputes', row, row.dispute_count, Number(row.total_cents));
  }
  const row = await invoiceBatches(db).where('batch_date', '=', batchDate).executeTakeFirst();
  return row && toSummary('invoices', row, row.request_count, null);
}

/** How many records a batch of `batchDate` would take now: pending, not deleted, due by that day. */
export async function countPendingThrough(db: Db, kind: BatchKind, batchDate: string): Promise<number> {
  const table = kind === 'disputes' ? 'disputes' : 'customer_invoice_requests';
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(pendingThrough(batchDate))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
