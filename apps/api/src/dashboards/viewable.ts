import type { Dashboard } from '@portal/db';
import { canViewDashboard, type DashboardType } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../lib/http/errors.js';
import type { AuthenticatedUser } from '../lib/http/principal.js';
import { requireUser } from '../plugins/access.js';
import { dashboardLoader } from './dashboard-loader.js';

/**
 * The dashboard behind an id a client sent, only if the signed-in user may open it: its partner
 * under its access type, and VIEW_TS_DASHBOARDS for ThoughtSpot. Another partner's id answers 403.
 */
export async function viewableDashboard(
  request: FastifyRequest,
  dashboardId: number,
  type?: DashboardType,
): Promise<{ user: AuthenticatedUser; dashboard: Dashboard }> {
  const user = requireUser(request);
  const dashboard = await dashboardLoader(request.server.db).load(dashboardId);
  if (!dashboard) throw notFound('Dashboard not found');
  if (!canViewDashboard(user, dashboard)) throw forbidden();
  if (type && dashboard.dashboardType !== type) throw notFound('Dashboard not found');
  return { user, dashboard };
}

/** The name a vendor knows the user by. */
export function vendorUsername(user: AuthenticatedUser, from: 'email' | 'userId'): string {
  return from === 'email' && user.email ? user.email : user.userId;
}
