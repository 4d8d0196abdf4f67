import { insertDisputes, writeAudit } from '@portal/db';
import { disputeFormProblems, normalizeDispute } from '@portal/domain';
import type { Dispute, DisputeFormBody } from '@portal/domain/api/forms';
import { batchDateOf } from '@portal/domain/forms/form-batch';
import { disputeInputs } from './dispute-input.js';
import { type FormDeps, throwProblems, todayOf } from './form-errors.js';

/**
 * Stores every dispute of one form or none: every row is checked first (a 400 names each bad
 * field, `disputes.<index>.<field>`), then all are inserted in one statement and transaction.
 */
export async function createDisputes(
  { db, now }: FormDeps,
  actorUserId: string,
  retailer: string,
  body: DisputeFormBody,
): Promise<Dispute[]> {
  const at = now();
  const { shared, items } = disputeInputs(body, body.disputes ?? []);
  throwProblems(disputeFormProblems({ ...shared, disputes: items }, todayOf(at)));
  return db.transaction().execute(async (trx) => {
    const created = await insertDisputes(
      trx,
      items.map((item) => normalizeDispute(shared, item)),
      { retailer, batchDate: batchDateOf('disputes', at), createdBy: actorUserId, createdAt: at },
    );
    await writeAudit(trx, {
      actorUserId,
      action: 'dispute.create',
      entityType: 'dispute',
      entityId: created.map((d) => d.recordId).join(','),
      after: created,
    });
    return created;
  });
}
