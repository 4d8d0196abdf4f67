import type { Principal } from '../access/permissions.js';
import { canViewDashboard, type DashboardRef, type DashboardType } from './dashboard-type.js';

/**
 * A dashboard id a client sent, for a viewer: 404 when there is none (or, for a viewer of one
 * vendor, one of another vendor), 403 when the user may not open it: its partner under its access
 * type, and VIEW_TS_DASHBOARDS for ThoughtSpot. Another partner's id answers 403.
 */
export function viewableDashboardDecision(
  principal: Principal,
  dashboard: Omit<DashboardRef, 'dashboardId' | 'dashboardUrl'> | undefined,
  type?: DashboardType,
): 'allow' | 'not-found' | 'forbidden' {
  if (dashboard === undefined) return 'not-found';
  if (!canViewDashboard(principal, dashboard)) return 'forbidden';
  if (type !== undefined && dashboard.dashboardType !== type) return 'not-found';
  return 'allow';
}

/** The name a vendor knows the user by: the e-mail when the vendor's setting says so and there is one. */
export function vendorUsername(user: { userId: string; email: string }, from: 'email' | 'userId'): string {
  return from === 'email' && user.email ? user.email : user.userId;
}
