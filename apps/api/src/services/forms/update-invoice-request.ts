import { updatePendingInvoiceRequest, writeAudit } from '@portal/db';
import { epochSecondsToDate, invoiceRequestProblems } from '@portal/domain';
import type { InvoiceRequest, InvoiceRequestUpdateBody } from '@portal/domain/api/forms';
import { batchDateOf } from '@portal/domain/form-batch';
import { type FormDeps, pendingOrThrow, throwProblems, todayOf } from './form-errors.js';

const masked = (r: InvoiceRequest) => ({ ...r, accountNumber: `…${r.accountNumber.slice(-4)}` });

/**
 * Edits a pending invoice request; it joins the batch its edit time gives. A request a batch
 * has taken answers 409 (the row lock makes a concurrent batch and edit take turns).
 */
export async function updateInvoiceRequest(
  { db, now }: FormDeps,
  actorUserId: string,
  body: InvoiceRequestUpdateBody,
): Promise<InvoiceRequest> {
  const at = now();
  const input = { accountNumber: body.accountNumber ?? '', startDate: body.startDate, endDate: body.endDate };
  throwProblems(invoiceRequestProblems(input, todayOf(at)));
  return db.transaction().execute(async (trx) => {
    const { before, after } = pendingOrThrow(
      await updatePendingInvoiceRequest(trx, body.recordId, {
        accountNumber: input.accountNumber.trim(),
        startDate: epochSecondsToDate(input.startDate as number),
        endDate: epochSecondsToDate(input.endDate as number),
        batchDate: batchDateOf('invoices', at),
      }),
    );
    await writeAudit(trx, {
      actorUserId,
      action: 'invoice-request.update',
      entityType: 'customer-invoice-request',
      entityId: String(after.recordId),
      before: masked(before),
      after: masked(after),
    });
    return after;
  });
}
