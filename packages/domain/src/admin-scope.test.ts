import { describe, expect, it } from 'vitest';
import {
  dashboardsShareContent,
  datasetPartnerOf,
  mayChangeShared,
  mayManageDataset,
  mayManagePartnerCode,
  mayPointDashboardAt,
  type PlacedDashboard,
  partnersOutsideScope,
} from './admin-scope.js';
import type { Principal } from './permissions.js';

const bjsManager: Principal = {
  isInternalAdmin: false,
  isExternalUser: false,
  features: ['MANAGE_DASHBOARDS', 'MANAGE_REPORT_CATEGORIES'],
  partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
};
const admin: Principal = { isInternalAdmin: true, isExternalUser: false, features: [], partnerGrants: [] };
const bjs = { accessTypeCode: 'EXT', partnerCode: 'BJS' };
const wsi = { accessTypeCode: 'EXT', partnerCode: 'WSI' };
const ppx = { accessTypeCode: 'INT', partnerCode: 'PPX' };

describe('partner scope of the administration', () => {
  it('names the partners a manager may not access', () => {
    expect(partnersOutsideScope(bjsManager, [bjs, wsi, ppx])).toEqual([wsi, ppx]);
    expect(partnersOutsideScope(admin, [bjs, wsi, ppx])).toEqual([]);
  });

  it('lets a shared thing be changed only by someone who may access all its partners', () => {
    expect(mayChangeShared(bjsManager, [bjs])).toBe(true);
    expect(mayChangeShared(bjsManager, [bjs, wsi])).toBe(false);
    expect(mayChangeShared(admin, [bjs, wsi])).toBe(true);
  });
});

describe('datasets', () => {
  it('belong to the partner their object key names', () => {
    expect(datasetPartnerOf('/Reports/EXT/BJS/SETTLEMENT/')).toEqual(bjs);
    expect(datasetPartnerOf('/Elsewhere/EXT/BJS/')).toBeNull();
    expect(datasetPartnerOf('/Reports/EXT/')).toBeNull();
  });

  it('are managed within scope; keys naming no partner by internal admins only', () => {
    expect(mayManageDataset(bjsManager, '/Reports/EXT/bjs/SETTLEMENT/')).toBe(true);
    expect(mayManageDataset(bjsManager, '/Reports/EXT/WSI/ACCOUNTS/')).toBe(false);
    expect(mayManageDataset(bjsManager, '/Elsewhere/x/')).toBe(false);
    expect(mayManageDataset(admin, '/Elsewhere/x/')).toBe(true);
  });
});

const placed = (
  dashboardId: number,
  partnerCode: string,
  dashboardType: PlacedDashboard['dashboardType'],
  dashboardUrl: string,
): PlacedDashboard => ({
  dashboardId,
  dashboardType,
  dashboardUrl,
  partner: { type: 'EXT', code: partnerCode },
});

describe('dashboard content', () => {
  it('is shared when one path lies within the other, or the vendor id is the same', () => {
    const rs = (url: string) => ({ dashboardType: 'RSTUDIO' as const, dashboardUrl: url });
    expect(dashboardsShareContent(rs('/content/ops/'), rs('/content/ops/page?x=1'))).toBe(true);
    expect(dashboardsShareContent(rs('/content/ops/page'), rs('/content/ops'))).toBe(true);
    expect(dashboardsShareContent(rs('/content/ops/'), rs('/content/ops-2/'))).toBe(false);
    const qs = (url: string) => ({ dashboardType: 'QUICKSIGHT' as const, dashboardUrl: url });
    expect(dashboardsShareContent(qs('/embed/a/dashboards/q1'), qs('/embed/b/dashboards/q1'))).toBe(true);
    expect(dashboardsShareContent(qs('/embed/a/dashboards/q1'), qs('/embed/a/dashboards/q2'))).toBe(false);
    const ts = { dashboardType: 'THOUGHTSPOT' as const, dashboardUrl: 'pin-1' };
    expect(dashboardsShareContent(ts, { ...ts, dashboardUrl: 'PIN-1' })).toBe(true);
    expect(dashboardsShareContent(ts, rs('pin-1'))).toBe(false);
  });

  const existing = [
    placed(1, 'WSI', 'RSTUDIO', '/content/demo-operations-health/'),
    placed(2, 'BJS', 'TABLEAU', '/t/demo/views/PartnerSales/Overview'),
    placed(3, 'WSI', 'TABLEAU', '/t/demo/views/PartnerSales/Overview'),
  ];

  it("refuses a URL bound to another partner's content", () => {
    const content = { dashboardType: 'RSTUDIO' as const, dashboardUrl: '/content/demo-operations-health/' };
    expect(mayPointDashboardAt(bjsManager, bjs, content, existing)).toBe(false);
    const beneath = { ...content, dashboardUrl: '/content/demo-operations-health/page' };
    expect(mayPointDashboardAt(bjsManager, bjs, beneath, existing)).toBe(false);
    expect(mayPointDashboardAt(admin, bjs, content, existing)).toBe(true);
  });

  it('allows new content, and content the partner already opens', () => {
    const fresh = { dashboardType: 'RSTUDIO' as const, dashboardUrl: '/content/bjs-new/' };
    expect(mayPointDashboardAt(bjsManager, bjs, fresh, existing)).toBe(true);
    const shared = { dashboardType: 'TABLEAU' as const, dashboardUrl: '/t/demo/views/PartnerSales/Overview' };
    expect(mayPointDashboardAt(bjsManager, bjs, shared, existing)).toBe(true);
  });
});

describe('logos and marketing images', () => {
  it('are replaced by someone who may access every partner of the code', () => {
    expect(mayManagePartnerCode(bjsManager, [bjs])).toBe(true);
    expect(mayManagePartnerCode(bjsManager, [bjs, { accessTypeCode: 'INT', partnerCode: 'BJS' }])).toBe(
      false,
    );
    expect(mayManagePartnerCode(bjsManager, [])).toBe(false);
    expect(mayManagePartnerCode(admin, [bjs, ppx])).toBe(true);
  });
});
