import { deletePendingDispute, writeAudit } from '@portal/db';
import type { Dispute } from '@portal/domain/api/forms';
import { type FormDeps, pendingOrThrow } from './form-errors.js';

/** Deletes a pending dispute (kept, marked deleted); 409 once a batch has taken it. */
export async function deleteDispute(
  { db, now }: FormDeps,
  actorUserId: string,
  retailer: string,
  recordId: number,
): Promise<Dispute> {
  return db.transaction().execute(async (trx) => {
    const { deleted } = pendingOrThrow(await deletePendingDispute(trx, retailer, recordId, now()));
    await writeAudit(trx, {
      actorUserId,
      action: 'dispute.delete',
      entityType: 'dispute',
      entityId: String(recordId),
      before: deleted,
    });
    return deleted;
  });
}
