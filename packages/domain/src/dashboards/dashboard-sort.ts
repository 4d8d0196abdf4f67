import { DASHBOARD_SORT_MODES } from '../common/limits.js';

// SPEC.md §9: dashboard sort modes ALPHABETICAL (Name) and MV_MONTH (Most Viewed over the past
// month). "The past month" is the current calendar month in UTC: the per-month aggregate
// dashboard_views_monthly is what the most-viewed call reads.
export type DashboardSortMode = (typeof DASHBOARD_SORT_MODES)[number];

export const DASHBOARD_SORT_LABELS: Record<DashboardSortMode, string> = {
  ALPHABETICAL: 'Name',
  MV_MONTH: 'Most Viewed',
};

export function isDashboardSortMode(value: unknown): value is DashboardSortMode {
  return typeof value === 'string' && (DASHBOARD_SORT_MODES as readonly string[]).includes(value);
}

/** The first day of the UTC month of `at`, as 'YYYY-MM-01' (the key of dashboard_views_monthly). */
export function viewMonthOf(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

type Sortable = { dashboardId: number; dashboardName: string };

const byName = (a: Sortable, b: Sortable) =>
  a.dashboardName.localeCompare(b.dashboardName, 'en', { sensitivity: 'base' }) ||
  a.dashboardId - b.dashboardId;

/**
 * Tiles in the chosen order. ALPHABETICAL: by name, ignoring letter case. MV_MONTH: most views this
 * month first (a dashboard without views counts 0), then by name.
 */
export function sortDashboards<T extends Sortable>(
  dashboards: readonly T[],
  mode: DashboardSortMode,
  viewsById: ReadonlyMap<number, number> = new Map(),
): T[] {
  const views = (d: Sortable) => viewsById.get(d.dashboardId) ?? 0;
  return [...dashboards].sort((a, b) =>
    mode === 'MV_MONTH' ? views(b) - views(a) || byName(a, b) : byName(a, b),
  );
}
