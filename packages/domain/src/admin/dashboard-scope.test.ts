import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import { bjsManagerWith, internalAdmin } from '../test/principals.js';
import type { PlacedDashboard } from './admin-scope.js';
import {
  dashboardContentDecision,
  dashboardScopeReadsContent,
  mayAdministerDashboardOf,
} from './dashboard-scope.js';

const bjsManager = bjsManagerWith('MANAGE_DASHBOARDS');
const admin = internalAdmin;
const bjs = { type: 'EXT', code: 'BJS' };
const wsi = { type: 'EXT', code: 'WSI' };
const placed = (dashboardId: number, partner: typeof bjs, dashboardUrl: string): PlacedDashboard => ({
  dashboardId,
  partner,
  dashboardType: 'RSTUDIO',
  dashboardUrl,
});
const wsiSales = placed(1, wsi, '/content/sales/');
const bjsSales = placed(2, bjs, '/content/sales/');
const dashboard = (partner: typeof bjs, dashboardUrl: string) =>
  ({ partner, dashboardType: 'RSTUDIO', dashboardUrl }) as const;

describe("a dashboard's partner", () => {
  it('is one the manager may access', () => {
    expect(mayAdministerDashboardOf(bjsManager, bjs)).toBe(true);
    expect(mayAdministerDashboardOf(bjsManager, { type: 'ext', code: 'bjs' })).toBe(true);
    expect(mayAdministerDashboardOf(bjsManager, wsi)).toBe(false);
    expect(mayAdministerDashboardOf(bjsManager, { type: 'INT', code: 'BJS' })).toBe(false);
    expect(mayAdministerDashboardOf(admin, wsi)).toBe(true);
  });
});

describe("a dashboard's content", () => {
  it.each<[string, Principal, ReturnType<typeof dashboard>, PlacedDashboard[], string]>([
    ['their partner, content no one has', bjsManager, dashboard(bjs, '/content/new/'), [], 'allow'],
    ['another partner', bjsManager, dashboard(wsi, '/content/new/'), [], 'forbidden'],
    [
      'another partner, whatever the content',
      bjsManager,
      dashboard(wsi, '/content/sales/'),
      [wsiSales],
      'forbidden',
    ],
    [
      "content of another partner's dashboard",
      bjsManager,
      dashboard(bjs, '/content/sales/'),
      [wsiSales],
      'content-of-other-partner',
    ],
    [
      'content beneath it',
      bjsManager,
      dashboard(bjs, '/content/sales/q1'),
      [wsiSales],
      'content-of-other-partner',
    ],
    [
      'content their partner already opens',
      bjsManager,
      dashboard(bjs, '/content/sales/'),
      [wsiSales, bjsSales],
      'allow',
    ],
    ['other content', bjsManager, dashboard(bjs, '/content/stock/'), [wsiSales], 'allow'],
    [
      'an internal admin, any partner and content',
      admin,
      dashboard(wsi, '/content/sales/'),
      [wsiSales],
      'allow',
    ],
  ])('%s', (_, principal, d, existing, decision) => {
    expect(dashboardContentDecision(principal, d, existing)).toBe(decision);
  });

  it("is read against others' dashboards only for a manager", () => {
    expect(dashboardScopeReadsContent(bjsManager)).toBe(true);
    expect(dashboardScopeReadsContent(admin)).toBe(false);
  });
});
