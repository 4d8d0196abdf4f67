import { findDashboard, insertDashboard, writeAudit } from '@portal/db';
import type { Static } from 'typebox';
import { notFound } from '../lib/http/errors.js';
import type { Actor } from '../lib/service-deps.js';
import { requireContentInScope } from './dashboard-scope.js';
import { type DashboardDeps, dashboardInput } from './save-dashboard.js';
import type { DashboardBody } from './schemas.js';

/** Adds a dashboard of a partner in the actor's scope, on content of no partner outside it; audited. */
export async function addDashboard(
  deps: DashboardDeps,
  { actor, body }: { actor: Actor; body: Static<typeof DashboardBody> },
) {
  const input = await dashboardInput(deps, body);
  const saved = await deps.db.transaction().execute(async (trx) => {
    await requireContentInScope(trx, actor, input);
    const dashboardId = await insertDashboard(trx, input, deps.now());
    const after = await findDashboard(trx, dashboardId);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'dashboard.create',
      entityType: 'dashboard',
      entityId: String(dashboardId),
      after,
    });
    return after;
  });
  if (!saved) throw notFound('Dashboard not found');
  return saved;
}
