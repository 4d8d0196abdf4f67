import { findDashboard, updateDashboard, writeAudit } from '@portal/db';
import type { Static } from 'typebox';
import { notFound } from '../lib/http/errors.js';
import type { Actor } from '../lib/service-deps.js';
import { requireContentInScope, requireDashboardPartner } from './dashboard-scope.js';
import { type DashboardDeps, dashboardInput } from './save-dashboard.js';
import type { DashboardBody } from './schemas.js';

/**
 * Edits a dashboard of a partner in the actor's scope; its new partner must be in scope too, and
 * its URL open no content of a partner outside it. Audited in the same transaction.
 */
export async function editDashboard(
  deps: DashboardDeps,
  input: { actor: Actor; dashboardId: number; body: Static<typeof DashboardBody> },
) {
  const { dashboardId } = input;
  const values = await dashboardInput(deps, input.body);
  const saved = await deps.db.transaction().execute(async (trx) => {
    const before = await findDashboard(trx, dashboardId);
    if (!before) return undefined;
    requireDashboardPartner(input.actor, before.partner);
    await requireContentInScope(trx, input.actor, values);
    if (!(await updateDashboard(trx, dashboardId, values, deps.now()))) return undefined;
    const after = await findDashboard(trx, dashboardId);
    await writeAudit(trx, {
      actorUserId: input.actor.userId,
      action: 'dashboard.update',
      entityType: 'dashboard',
      entityId: String(dashboardId),
      before,
      after,
    });
    return after;
  });
  if (!saved) throw notFound('Dashboard not found');
  return saved;
}
