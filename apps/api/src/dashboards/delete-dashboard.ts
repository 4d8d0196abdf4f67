import { deleteDashboard as deleteDashboardRow, findDashboard, writeAudit } from '@portal/db';
import { notFound } from '../lib/http/errors.js';
import type { Actor, DbDeps } from '../lib/service-deps.js';
import { requireDashboardPartner } from './dashboard-scope.js';

/** Deletes a dashboard of a partner in the actor's scope, audited in the same transaction. */
export async function deleteDashboard(
  { db }: DbDeps,
  { actor, dashboardId }: { actor: Actor; dashboardId: number },
) {
  const deleted = await db.transaction().execute(async (trx) => {
    const before = await findDashboard(trx, dashboardId);
    if (!before) return false;
    requireDashboardPartner(actor, before.partner);
    if (!(await deleteDashboardRow(trx, dashboardId))) return false;
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'dashboard.delete',
      entityType: 'dashboard',
      entityId: String(dashboardId),
      before,
    });
    return true;
  });
  if (!deleted) throw notFound('Dashboard not found');
  return { dashboardId };
}
