import type { Dashboard } from '@portal/db';
import type { DashboardType } from '@portal/domain';
import { viewableDashboardDecision } from '@portal/domain/dashboards/viewable-dashboard';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../lib/http/errors.js';
import type { AuthenticatedUser } from '../lib/http/principal.js';
import { requireUser } from '../plugins/access.js';
import { dashboardLoader } from './dashboard-loader.js';

export { vendorUsername } from '@portal/domain/dashboards/viewable-dashboard';

/** The dashboard behind an id a client sent, only if the signed-in user may open it (viewableDashboardDecision). */
export async function viewableDashboard(
  request: FastifyRequest,
  dashboardId: number,
  type?: DashboardType,
): Promise<{ user: AuthenticatedUser; dashboard: Dashboard }> {
  const user = requireUser(request);
  const dashboard = await dashboardLoader(request.server.db).load(dashboardId);
  const decision = viewableDashboardDecision(user, dashboard, type);
  if (decision === 'not-found') throw notFound('Dashboard not found');
  if (decision === 'forbidden') throw forbidden();
  return { user, dashboard: dashboard! };
}
