import { dateToEpochSeconds, redactAccountNumber } from '@portal/domain';
import type { InvoiceRequest } from '@portal/domain/api/forms';
import type { Selectable } from 'kysely';
import type { Db } from '../db.js';
import type { CustomerInvoiceRequestsTable } from '../schema.js';
import { changePendingRecord, deletePendingRecord, type PendingChange } from './pending-records.js';

// Customer invoice requests (SPEC.md §3): pending until the end-of-day batch takes them. A
// request leaves this module with its account number redacted (the last four behind asterisks):
// only the batch file, read by form-batches.ts, has it whole.

export type InvoiceRequestValues = {
  accountNumber: string;
  startDate: string;
  endDate: string;
  batchDate: string;
};

export function toInvoiceRequest(row: Selectable<CustomerInvoiceRequestsTable>): InvoiceRequest {
  return {
    recordId: row.record_id,
    accountNumber: redactAccountNumber(row.account_number),
    startDate: dateToEpochSeconds(row.start_date),
    endDate: dateToEpochSeconds(row.end_date),
    status: row.batch_id === null ? 'pending' : 'processed',
    batchDate: row.batch_date,
    batchId: row.batch_id,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listInvoiceRequests(db: Db): Promise<InvoiceRequest[]> {
  const rows = await db
    .selectFrom('customer_invoice_requests')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('record_id', 'desc')
    .execute();
  return rows.map(toInvoiceRequest);
}

export async function insertInvoiceRequest(
  db: Db,
  values: InvoiceRequestValues & { createdBy: string; createdAt?: Date },
): Promise<InvoiceRequest> {
  const row = await db
    .insertInto('customer_invoice_requests')
    .values({
      account_number: values.accountNumber,
      start_date: values.startDate,
      end_date: values.endDate,
      batch_date: values.batchDate,
      created_by: values.createdBy,
      ...(values.createdAt ? { created_at: values.createdAt, updated_at: values.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInvoiceRequest(row);
}

/**
 * Locks the pending record and stores what `change` makes of it: `change` gets the stored account
 * number, which the edit may keep without having seen it, and may throw to refuse the edit.
 */
export async function updatePendingInvoiceRequest(
  db: Db,
  recordId: number,
  change: (stored: { accountNumber: string }) => InvoiceRequestValues,
): Promise<PendingChange<{ before: InvoiceRequest; after: InvoiceRequest }>> {
  const columns = (stored: Selectable<CustomerInvoiceRequestsTable>) => {
    const values = change({ accountNumber: stored.account_number });
    return {
      account_number: values.accountNumber,
      start_date: values.startDate,
      end_date: values.endDate,
      batch_date: values.batchDate,
      updated_at: new Date(),
    };
  };
  return changePendingRecord(db, 'customer_invoice_requests', { recordId }, columns, toInvoiceRequest);
}

export async function deletePendingInvoiceRequest(
  db: Db,
  recordId: number,
  at: Date,
): Promise<PendingChange<{ deleted: InvoiceRequest }>> {
  return deletePendingRecord(db, 'customer_invoice_requests', { recordId }, at, toInvoiceRequest);
}
