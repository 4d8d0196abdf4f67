import { describe, expect, it } from 'vitest';
import { DASHBOARD_SORT_LABELS, isDashboardSortMode, sortDashboards, viewMonthOf } from './dashboard-sort.js';

const tiles = [
  { dashboardId: 1, dashboardName: 'settlement Trends' },
  { dashboardId: 2, dashboardName: 'Card Program Performance' },
  { dashboardId: 3, dashboardName: 'Sales Overview' },
  { dashboardId: 4, dashboardName: 'Partner Sales Overview' },
];

describe('dashboard sort modes (SPEC.md §9)', () => {
  it('ALPHABETICAL sorts by name whatever the letter case', () => {
    expect(sortDashboards(tiles, 'ALPHABETICAL').map((d) => d.dashboardId)).toEqual([2, 4, 3, 1]);
  });

  it('MV_MONTH puts the most viewed first, unviewed last, ties by name', () => {
    const views = new Map([
      [3, 10],
      [1, 25],
      [4, 10],
    ]);
    expect(sortDashboards(tiles, 'MV_MONTH', views).map((d) => d.dashboardId)).toEqual([1, 4, 3, 2]);
  });

  it('keeps the input untouched', () => {
    const copy = [...tiles];
    sortDashboards(tiles, 'ALPHABETICAL');
    expect(tiles).toEqual(copy);
  });

  it('keys views by the UTC month', () => {
    expect(viewMonthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(viewMonthOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
  });

  // Issue 26: the tie-breaks and the values that are not modes.
  it('breaks a tie of the same name (any case) by dashboard id, in both modes', () => {
    const same = [
      { dashboardId: 9, dashboardName: 'Sales' },
      { dashboardId: 5, dashboardName: 'SALES' },
      { dashboardId: 7, dashboardName: 'sales' },
    ];
    expect(sortDashboards(same, 'ALPHABETICAL').map((d) => d.dashboardId)).toEqual([5, 7, 9]);
    expect(sortDashboards(same, 'MV_MONTH').map((d) => d.dashboardId)).toEqual([5, 7, 9]);
    expect(sortDashboards(same, 'MV_MONTH', new Map([[9, 1]])).map((d) => d.dashboardId)).toEqual([9, 5, 7]);
  });

  it('ignores views when sorting by name', () => {
    const views = new Map([[1, 100]]);
    expect(sortDashboards(tiles, 'ALPHABETICAL', views).map((d) => d.dashboardId)).toEqual([2, 4, 3, 1]);
  });

  it('knows its two modes and nothing else', () => {
    expect(isDashboardSortMode('ALPHABETICAL')).toBe(true);
    expect(isDashboardSortMode('MV_MONTH')).toBe(true);
    for (const value of ['alphabetical', 'MV_WEEK', '', null, undefined, 1, ['MV_MONTH']]) {
      expect(isDashboardSortMode(value)).toBe(false);
    }
    expect(DASHBOARD_SORT_LABELS).toEqual({ ALPHABETICAL: 'Name', MV_MONTH: 'Most Viewed' });
  });
});
