import { deletePendingInvoiceRequest, writeAudit } from '@portal/db';
import type { InvoiceRequest } from '@portal/domain/api/forms';
import { type FormDeps, pendingOrThrow } from './form-errors.js';

/** Deletes a pending invoice request (kept, marked deleted); 409 once a batch has taken it. */
export async function deleteInvoiceRequest(
  { db, now }: FormDeps,
  actorUserId: string,
  recordId: number,
): Promise<InvoiceRequest> {
  return db.transaction().execute(async (trx) => {
    const { deleted } = pendingOrThrow(await deletePendingInvoiceRequest(trx, recordId, now()));
    await writeAudit(trx, {
      actorUserId,
      action: 'invoice-request.delete',
      entityType: 'customer-invoice-request',
      entityId: String(recordId),
      before: { ...deleted, accountNumber: `…${deleted.accountNumber.slice(-4)}` },
    });
    return deleted;
  });
}
