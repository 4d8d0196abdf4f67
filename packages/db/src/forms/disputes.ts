import { dateToEpochSeconds, type NormalizedDispute } from '@portal/domain';
import type { Dispute } from '@portal/domain/api/forms';
import type { Selectable } from 'kysely';
import type { Db } from '../db.js';
import type { DisputesTable } from '../schema.js';
import { changePendingRecord, deletePendingRecord, type PendingChange } from './pending-records.js';

// Retailer disputes (SPEC.md §3): pending until the 8PM ET batch takes them, then history.

const dollars = (numeric: string) => Number(numeric);
const numeric = (cents: number) => (cents / 100).toFixed(2);

export function toDispute(row: Selectable<DisputesTable>): Dispute {
  return {
    recordId: row.record_id,
    retailer: row.retailer,
    messageType: row.message_type,
    customerId: row.customer_id,
    bin: row.bin,
    messageDate: dateToEpochSeconds(row.message_date),
    disputeReasonDesc: row.dispute_reason_desc,
    transactionDate: dateToEpochSeconds(row.transaction_date),
    lastFourCardNum: row.last_four_card_num,
    disputeAmount: dollars(row.dispute_amount),
    transactionAmount: dollars(row.transaction_amount),
    issuerClaimId: row.issuer_claim_id,
    issuerClaimTransactionId: row.issuer_claim_transaction_id,
    merchantId: row.merchant_id,
    acquirerRefId: row.acquirer_ref_id,
    // Only an outcome chargeback has them; a claim request does not send empty ones.
    ...(row.acquirer_claim_id !== null ? { acquirerClaimId: row.acquirer_claim_id } : {}),
    ...(row.chargeback_reference_id !== null ? { chargebackReferenceId: row.chargeback_reference_id } : {}),
    status: row.batch_id === null ? 'pending' : 'processed',
    batchDate: row.batch_date,
    batchId: row.batch_id,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

function columns(d: NormalizedDispute) {
  return {
    message_type: d.messageType,
    customer_id: d.customerId,
    bin: d.bin,
    message_date: d.messageDate,
    dispute_reason_desc: d.disputeReasonDesc,
    transaction_date: d.transactionDate,
    last_four_card_num: d.lastFourCardNum,
    dispute_amount: numeric(d.disputeAmountCents),
    transaction_amount: numeric(d.transactionAmountCents),
    issuer_claim_id: d.issuerClaimId,
    issuer_claim_transaction_id: d.issuerClaimTransactionId,
    merchant_id: d.merchantId,
    acquirer_ref_id: d.acquirerRefId,
    acquirer_claim_id: d.acquirerClaimId,
    chargeback_reference_id: d.chargebackReferenceId,
  };
}

/** The retailer's disputes: pending ones, or (history) those a batch has taken, newest first. */
export async function listDisputes(db: Db, retailer: string, history: boolean): Promise<Dispute[]> {
  const rows = await db
    .selectFrom('disputes')
    .selectAll()
    .where('retailer', '=', retailer)
    .where('deleted_at', 'is', null)
    .where('batch_id', history ? 'is not' : 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('record_id', 'desc')
    .limit(history ? 5000 : 100_000)
    .execute();
  return rows.map(toDispute);
}

/** Stores every dispute of one form in one statement: all of them or none. */
export async function insertDisputes(
  db: Db,
  disputes: readonly NormalizedDispute[],
  meta: { retailer: string; batchDate: string; createdBy: string; createdAt?: Date },
): Promise<Dispute[]> {
  if (disputes.length === 0) return [];
  const at = meta.createdAt ? { created_at: meta.createdAt, updated_at: meta.createdAt } : {};
  const rows = await db
    .insertInto('disputes')
    .values(
      disputes.map((d) => ({
        ...columns(d),
        retailer: meta.retailer,
        batch_date: meta.batchDate,
        created_by: meta.createdBy,
        ...at,
      })),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.record_id - b.record_id).map(toDispute);
}

export async function updatePendingDispute(
  db: Db,
  retailer: string,
  recordId: number,
  dispute: NormalizedDispute,
  batchDate: string,
): Promise<PendingChange<{ before: Dispute; after: Dispute }>> {
  const change = () => ({ ...columns(dispute), batch_date: batchDate, updated_at: new Date() });
  return changePendingRecord(db, 'disputes', { recordId, retailer }, change, toDispute);
}

export async function deletePendingDispute(
  db: Db,
  retailer: string,
  recordId: number,
  at: Date,
): Promise<PendingChange<{ deleted: Dispute }>> {
  return deletePendingRecord(db, 'disputes', { recordId, retailer }, at, toDispute);
}
