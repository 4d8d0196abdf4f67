import { insertInvoiceRequest, writeAudit } from '@portal/db';
import { epochSecondsToDate, invoiceRequestProblems } from '@portal/domain';
import type { InvoiceRequest, InvoiceRequestBody } from '@portal/domain/api/forms';
import { batchDateOf } from '@portal/domain/forms/form-batch';
import { type FormDeps, throwProblems, todayOf } from './form-errors.js';

/** Validates and stores one customer invoice request in the batch it joins now, with its audit entry. */
export async function createInvoiceRequest(
  { db, now }: FormDeps,
  actorUserId: string,
  body: InvoiceRequestBody,
): Promise<InvoiceRequest> {
  const at = now();
  const input = { accountNumber: body.accountNumber ?? '', startDate: body.startDate, endDate: body.endDate };
  throwProblems(invoiceRequestProblems(input, todayOf(at)));
  return db.transaction().execute(async (trx) => {
    const created = await insertInvoiceRequest(trx, {
      accountNumber: input.accountNumber.trim(),
      startDate: epochSecondsToDate(input.startDate as number),
      endDate: epochSecondsToDate(input.endDate as number),
      batchDate: batchDateOf('invoices', at),
      createdBy: actorUserId,
      createdAt: at,
    });
    await writeAudit(trx, {
      actorUserId,
      action: 'invoice-request.create',
      entityType: 'customer-invoice-request',
      entityId: String(created.recordId),
      after: { ...created, accountNumber: `…${created.accountNumber.slice(-4)}` },
    });
    return created;
  });
}
