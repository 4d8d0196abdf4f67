import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import { canViewDashboard, normalizeDashboardType, VIEWER_PAGE, viewerPath } from './dashboard-type.js';

describe('dashboard type (SPEC.md §3, §4)', () => {
  it.each([
    ['TABLEAU', 'TABLEAU'],
    ['Tableau', 'TABLEAU'],
    ['RSTUDIO', 'RSTUDIO'],
    ['RStudio', 'RSTUDIO'],
    ['THOUGHTSPOT', 'THOUGHTSPOT'],
    ['ThoughtSpot', 'THOUGHTSPOT'],
    ['QUICKSIGHT', 'QUICKSIGHT'],
    ['QuickSight', 'QUICKSIGHT'],
    [' quicksight ', 'QUICKSIGHT'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normalizeDashboardType(input)).toBe(expected);
  });

  it.each(['', 'PowerBI', 'Tableau Server', 42, null, undefined])('refuses %j', (input) => {
    expect(normalizeDashboardType(input)).toBeUndefined();
  });

  it('opens the viewer of its type, with the pinboard id for ThoughtSpot and the dashboard id otherwise', () => {
    const partner = { type: 'EXT', code: 'BJS' };
    expect(viewerPath({ dashboardId: 7, dashboardUrl: 'abc-1', dashboardType: 'ThoughtSpot', partner })).toBe(
      '/dashboards/thoughtspot/EXT/BJS/abc-1',
    );
    expect(
      viewerPath({ dashboardId: 7, dashboardUrl: '/content/x/', dashboardType: 'RStudio', partner }),
    ).toBe('/dashboards/rstudio/EXT/BJS/7');
    expect(
      viewerPath({
        dashboardId: 8,
        dashboardUrl: '/embed/demo/dashboards/q',
        dashboardType: 'QUICKSIGHT',
        partner,
      }),
    ).toBe('/dashboards/quicksight/EXT/BJS/8');
    expect(
      viewerPath({ dashboardId: 9, dashboardUrl: '/t/s/views/w/v', dashboardType: 'TABLEAU', partner }),
    ).toBe('/dashboards/tableau/EXT/BJS/9');
    expect(
      viewerPath({ dashboardId: 9, dashboardUrl: '/t/s', dashboardType: 'Excel', partner }),
    ).toBeUndefined();
    expect(Object.values(VIEWER_PAGE)).toEqual([
      'thoughtspotViewer',
      'rstudioViewer',
      'quicksightViewer',
      'tableauViewer',
    ]);
  });

  it('lets a user view a dashboard of a partner they may use; ThoughtSpot also needs VIEW_TS_DASHBOARDS', () => {
    const user: Principal = {
      isInternalAdmin: false,
      isExternalUser: true,
      features: [],
      partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    };
    const bjs = { type: 'EXT', code: 'BJS' };
    expect(canViewDashboard(user, { dashboardType: 'TABLEAU', partner: bjs })).toBe(true);
    expect(canViewDashboard(user, { dashboardType: 'RStudio', partner: bjs })).toBe(true);
    expect(canViewDashboard(user, { dashboardType: 'QUICKSIGHT', partner: bjs })).toBe(true);
    expect(canViewDashboard(user, { dashboardType: 'THOUGHTSPOT', partner: bjs })).toBe(false);
    expect(
      canViewDashboard(
        { ...user, features: ['VIEW_TS_DASHBOARDS'] },
        { dashboardType: 'ThoughtSpot', partner: bjs },
      ),
    ).toBe(true);
    expect(canViewDashboard(user, { dashboardType: 'TABLEAU', partner: { type: 'EXT', code: 'SAM' } })).toBe(
      false,
    );
    expect(canViewDashboard(user, { dashboardType: 'TABLEAU', partner: { type: 'INT', code: 'BJS' } })).toBe(
      false,
    );
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): an unknown type opens no viewer at all.
describe('a dashboard of an unknown type', () => {
  it('is opened by no one, even with access to its partner', () => {
    const user: Principal = {
      isInternalAdmin: false,
      isExternalUser: true,
      features: [],
      partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    };
    const bjs = { type: 'EXT', code: 'BJS' };
    expect(canViewDashboard(user, { dashboardType: 'POWERBI', partner: bjs })).toBe(false);
    expect(canViewDashboard(user, { dashboardType: '', partner: bjs })).toBe(false);
  });
});
