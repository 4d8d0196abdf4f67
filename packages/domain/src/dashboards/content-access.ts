import type { Principal } from '../access/permissions.js';
import { canViewDashboard, type DashboardRef } from './dashboard-type.js';
import { dashboardCoversPath, dashboardPathStem, proxiedDashboardType } from './dashboard-url.js';

/**
 * The dashboards that may cover a proxied /content/… or /t/… path: those of its vendor whose URL
 * starts with its first two segments. Undefined when the path is neither (nothing covers it).
 */
export function contentCandidatesOf(
  path: string,
): { dashboardType: 'RSTUDIO' | 'TABLEAU'; stem: string } | undefined {
  const dashboardType = proxiedDashboardType(path);
  const stem = dashboardPathStem(path);
  return dashboardType && stem ? { dashboardType, stem } : undefined;
}

/** May this user fetch this path: it lies under a dashboard (of the candidates) the user may open. */
export function mayFetchContentPath(
  principal: Principal,
  path: string,
  candidates: readonly Omit<DashboardRef, 'dashboardId'>[],
): boolean {
  return candidates.some((d) => dashboardCoversPath(d.dashboardUrl, path) && canViewDashboard(principal, d));
}
