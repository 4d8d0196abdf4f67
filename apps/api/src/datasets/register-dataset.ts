import { findDataset, registerDataset as registerDatasetRow, writeAudit } from '@portal/db';
import type { Principal } from '@portal/domain';
import { mayManageDataset } from '@portal/domain/admin/admin-scope';
import { objectKeyProblem } from '@portal/domain/reports/report-keys';
import { badRequest, forbidden } from '../lib/http/errors.js';
import type { Actor, DbDeps } from '../lib/service-deps.js';

/** Refuses (403) a dataset whose object key names a partner the manager may not access. */
export function requireDatasetInScope(principal: Principal, objectKey: string) {
  if (!mayManageDataset(principal, objectKey)) throw forbidden();
}

/**
 * POST /api/datasets: registers a dataset at a folder key '/Reports/EXT/BJS/SETTLEMENT/' (each
 * segment a plain one), or moves a registered one; both its old and new keys must name partners in
 * the manager's scope. Audited in the same transaction. Returns the earlier key (null: new).
 */
export async function registerDataset(
  { db }: DbDeps,
  { actor, catalogId, objectKey }: { actor: Actor; catalogId: string; objectKey: string },
) {
  const problem = /^\/.+\/$/.test(objectKey)
    ? objectKeyProblem(objectKey.slice(1, -1))
    : 'must start and end with /';
  if (problem) throw badRequest(`Invalid object key: ${problem}`, { field: 'objectKey' });
  requireDatasetInScope(actor, objectKey);
  return db.transaction().execute(async (trx) => {
    const before = await findDataset(trx, catalogId);
    if (before) requireDatasetInScope(actor, before.objectKey);
    const result = await registerDatasetRow(trx, { catalogId, objectKey });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: result.previousObjectKey === null ? 'dataset.create' : 'dataset.update',
      entityType: 'dataset',
      entityId: catalogId,
      before: result.previousObjectKey === null ? null : { objectKey: result.previousObjectKey },
      after: { objectKey },
    });
    return result;
  });
}
