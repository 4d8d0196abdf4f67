import type { Feature } from '../access/features.js';
import { isAllowed, type Principal } from '../access/permissions.js';
import type { PageName } from '../navigation/pages.js';

// SPEC.md §3: dashboardType is written TABLEAU, RSTUDIO, THOUGHTSPOT, QUICKSIGHT in one
// description and Tableau, RStudio, ThoughtSpot, QuickSight in another. Both are accepted;
// the upper-case form is the one stored and sent.
export const DASHBOARD_TYPES = ['TABLEAU', 'RSTUDIO', 'THOUGHTSPOT', 'QUICKSIGHT'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

/** The second spelling of each type (SPEC.md §3). */
export const DASHBOARD_TYPE_NAMES: Record<DashboardType, string> = {
  TABLEAU: 'Tableau',
  RSTUDIO: 'RStudio',
  THOUGHTSPOT: 'ThoughtSpot',
  QUICKSIGHT: 'QuickSight',
};

/** TABLEAU or Tableau (any letter case, surrounding blanks ignored) → TABLEAU; anything else → undefined. */
export function normalizeDashboardType(value: unknown): DashboardType | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.trim().toUpperCase();
  return (DASHBOARD_TYPES as readonly string[]).includes(upper) ? (upper as DashboardType) : undefined;
}

/** SPEC.md §4: the dashboard type decides which viewer route opens. */
export const VIEWER_PAGE: Record<DashboardType, PageName> = {
  THOUGHTSPOT: 'thoughtspotViewer',
  RSTUDIO: 'rstudioViewer',
  QUICKSIGHT: 'quicksightViewer',
  TABLEAU: 'tableauViewer',
};

/** The feature a viewer needs (SPEC.md §6): ThoughtSpot needs VIEW_TS_DASHBOARDS, the others none. */
export function viewerFeature(type: DashboardType): Feature {
  return type === 'THOUGHTSPOT' ? 'VIEW_TS_DASHBOARDS' : 'NO_FEATURE_REQUIRED';
}

export type DashboardRef = {
  dashboardId: number;
  dashboardUrl: string;
  dashboardType: string;
  partner: { type: string; code: string };
};

/**
 * The viewer path of a dashboard. ThoughtSpot's route carries the pinboard id (the stored URL of a
 * ThoughtSpot dashboard); the others carry the portal's dashboard id (QuickSight's route names it
 * pinboardId in SPEC.md §2, the value is still the dashboard id GET /api/quicksight/{dashboardId} takes).
 */
export function viewerPath(dashboard: DashboardRef): string | undefined {
  const type = normalizeDashboardType(dashboard.dashboardType);
  if (!type) return undefined;
  const segment = type === 'THOUGHTSPOT' ? dashboard.dashboardUrl : String(dashboard.dashboardId);
  const kind = VIEWER_PAGE[type].replace('Viewer', '');
  const parts = [kind, dashboard.partner.type, dashboard.partner.code, segment];
  return `/dashboards/${parts.map(encodeURIComponent).join('/')}`;
}

/** May this user open this dashboard: its partner under its access type, and the viewer's feature. */
export function canViewDashboard(
  principal: Principal,
  dashboard: Omit<DashboardRef, 'dashboardId' | 'dashboardUrl'>,
) {
  const type = normalizeDashboardType(dashboard.dashboardType);
  if (!type) return false;
  return isAllowed(principal, {
    feature: viewerFeature(type),
    accessTypeCode: dashboard.partner.type,
    partnerCode: dashboard.partner.code,
  });
}
