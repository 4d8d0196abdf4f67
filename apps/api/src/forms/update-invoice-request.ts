import { updatePendingInvoiceRequest, writeAudit } from '@portal/db';
import {
  editedAccountNumber,
  epochSecondsToDate,
  FORM_MESSAGES,
  invoiceRequestProblems,
  isRedactedAccountNumber,
} from '@portal/domain';
import type { InvoiceRequest, InvoiceRequestUpdateBody } from '@portal/domain/api/forms';
import { batchDateOf } from '@portal/domain/forms/form-batch';
import { badRequest } from '../lib/http/errors.js';
import { type FormDeps, pendingOrThrow, throwProblems, todayOf } from './form-errors.js';

const accountNumberRefused = () => {
  const problem = { field: 'accountNumber', message: FORM_MESSAGES.accountNumber };
  return badRequest(problem.message, { field: problem.field, problems: [problem] });
};
const masked = (r: InvoiceRequest) => ({ ...r, accountNumber: `…${r.accountNumber.slice(-4)}` });

/**
 * Edits a pending invoice request; it joins the batch its edit time gives. A request a batch
 * has taken answers 409 (the row lock makes a concurrent batch and edit take turns). The API
 * sends the account number redacted: sent back unchanged it keeps the stored number, which only
 * the locked row knows; any other value must be 16 digits.
 */
export async function updateInvoiceRequest(
  { db, now }: FormDeps,
  actorUserId: string,
  body: InvoiceRequestUpdateBody,
): Promise<InvoiceRequest> {
  const at = now();
  const input = { accountNumber: body.accountNumber ?? '', startDate: body.startDate, endDate: body.endDate };
  const sentRedacted = isRedactedAccountNumber(input.accountNumber) ? input.accountNumber.trim() : undefined;
  throwProblems(invoiceRequestProblems(input, todayOf(at), sentRedacted));
  return db.transaction().execute(async (trx) => {
    const { before, after } = pendingOrThrow(
      await updatePendingInvoiceRequest(trx, body.recordId, (stored) => {
        const accountNumber = editedAccountNumber(input.accountNumber, stored.accountNumber);
        // A redacted value hiding another number than the stored one.
        if (accountNumber === null) throw accountNumberRefused();
        return {
          accountNumber,
          startDate: epochSecondsToDate(input.startDate as number),
          endDate: epochSecondsToDate(input.endDate as number),
          batchDate: batchDateOf('invoices', at),
        };
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
