import { describe, expect, it } from 'vitest';
import { sortDashboards, viewMonthOf } from './dashboard-sort.js';

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
});
