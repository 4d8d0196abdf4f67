import { csvCell } from '../common/csv.js';
import type { BatchKind } from './form-batch.js';
import { disputeReasonCode, type NormalizedDispute } from './operational-forms.js';
import { withoutUnsafeFormCharacters } from './operational-forms-text.js';

// The batch files of the operational forms (docs/batch-files.md): CSV, CRLF lines, a header
// line, one record a line in record-id order, amounts in cents, then one trailer line with the
// batch date, the record count, the total in cents and the SHA-256 of every byte before the
// trailer. Nothing in a file depends on when it was written, so a re-run writes the same bytes.
// Every CRLF of a file ends a line: no field holds a line break (batchFileCell).

export const BATCH_FILE_CONTENT_TYPE = 'text/csv';

export const DISPUTE_FILE_HEADER = [
  'record_id',
  'batch_date',
  'retailer',
  'message_type',
  'customer_id',
  'bin',
  'message_date',
  'dispute_reason_code',
  'dispute_reason_desc',
  'transaction_date',
  'last_four_card_num',
  'dispute_amount_cents',
  'transaction_amount_cents',
  'issuer_claim_id',
  'issuer_claim_transaction_id',
  'merchant_id',
  'acquirer_ref_id',
  'acquirer_claim_id',
  'chargeback_reference_id',
] as const;

export const INVOICE_FILE_HEADER = [
  'record_id',
  'batch_date',
  'account_number',
  'start_date',
  'end_date',
] as const;

/** A stored dispute as its batch file needs it: the form's fields, its record id and retailer. */
export type DisputeFileRecord = Omit<NormalizedDispute, 'messageType'> & {
  recordId: number;
  retailer: string;
  messageType: string;
};

export type InvoiceFileRecord = {
  recordId: number;
  accountNumber: string;
  startDate: string;
  endDate: string;
};

const FORMULA_START = /^[=+\-@]/;

/**
 * One field of a batch file (issue 23). The forms refuse line breaks, other control characters
 * and text-direction marks, but the receiving system reads the file line by line, so the writer
 * does not rely on that: it REMOVES every such character from a field (a record stored before
 * the rule, or by hand, must neither plant a line nor stop the day's batch). No field therefore
 * holds CR or LF. A field a spreadsheet would read as a formula gets a leading `'` by csvCell;
 * the test here is on the NFKC form too, so that the full-width `＝` `＋` `－` `＠` (which some
 * spreadsheets take as their ASCII twins) are caught as well.
 */
export function batchFileCell(value: string | number | null): string {
  const text = withoutUnsafeFormCharacters(value === null ? '' : String(value));
  return csvCell(FORMULA_START.test(text.normalize('NFKC')) ? `'${text}` : text);
}

const line = (cells: readonly (string | number | null)[]) => `${cells.map(batchFileCell).join(',')}\r\n`;

export function batchFileHeader(kind: BatchKind): string {
  return line(kind === 'disputes' ? DISPUTE_FILE_HEADER : INVOICE_FILE_HEADER);
}

export function disputeFileLine(batchDate: string, r: DisputeFileRecord): string {
  return line([
    r.recordId,
    batchDate,
    r.retailer,
    r.messageType,
    r.customerId,
    r.bin,
    r.messageDate,
    disputeReasonCode(r.disputeReasonDesc) ?? '',
    r.disputeReasonDesc,
    r.transactionDate,
    r.lastFourCardNum,
    r.disputeAmountCents,
    r.transactionAmountCents,
    r.issuerClaimId,
    r.issuerClaimTransactionId,
    r.merchantId,
    r.acquirerRefId,
    r.acquirerClaimId,
    r.chargebackReferenceId,
  ]);
}

export function invoiceFileLine(batchDate: string, r: InvoiceFileRecord): string {
  return line([r.recordId, batchDate, r.accountNumber, r.startDate, r.endDate]);
}

export type BatchTrailer = { batchDate: string; count: number; totalCents: number; sha256: string };

/** TRAILER,<batch date>,<record count>,<total cents>,<sha-256 hex of every byte before this line> */
export function batchFileTrailer(t: BatchTrailer): string {
  return line(['TRAILER', t.batchDate, t.count, t.totalCents, t.sha256]);
}

/** Where a batch file lives in storage: one key per kind and date, so a re-run replaces it. */
export function batchFileKey(kind: BatchKind, batchDate: string): string {
  return `batches/${kind}/${kind}-batch-${batchDate}.csv`;
}
