import { updatePendingDispute, writeAudit } from '@portal/db';
import { disputeItemProblems, normalizeDispute, sharedDisputeProblems } from '@portal/domain';
import type { Dispute, DisputeUpdateBody } from '@portal/domain/api/forms';
import { batchDateOf } from '@portal/domain/forms/form-batch';
import { disputeInputs } from './dispute-input.js';
import { type FormDeps, pendingOrThrow, throwProblems, todayOf } from './form-errors.js';

/**
 * Edits one pending dispute, its shared and its own fields (fields named `disputes.0.<field>` as
 * on the form). Switching to claim-request drops the two claim fields. 409 once batched.
 */
export async function updateDispute(
  { db, now }: FormDeps,
  actorUserId: string,
  retailer: string,
  body: DisputeUpdateBody,
): Promise<Dispute> {
  const at = now();
  const { shared, items } = disputeInputs(body, [body]);
  const item = items[0]!;
  const today = todayOf(at);
  throwProblems([
    ...sharedDisputeProblems(shared, today),
    ...disputeItemProblems(item, shared.messageType, today, 0),
  ]);
  return db.transaction().execute(async (trx) => {
    const { before, after } = pendingOrThrow(
      await updatePendingDispute(
        trx,
        retailer,
        body.recordId,
        normalizeDispute(shared, item),
        batchDateOf('disputes', at),
      ),
    );
    await writeAudit(trx, {
      actorUserId,
      action: 'dispute.update',
      entityType: 'dispute',
      entityId: String(after.recordId),
      before,
      after,
    });
    return after;
  });
}
