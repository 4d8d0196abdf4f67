import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import {
  dashboardsShareContent,
  datasetPartnerOf,
  mayChangeShared,
  mayManageDataset,
  mayManageForPartners,
  mayManagePartnerCode,
  mayPointDashboardAt,
  type PlacedDashboard,
  partnersOutsideScope,
} from './admin-scope.js';

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

// Issue 26: several grants, every shape of content, and the partner matched whatever its case.
describe('edges of the administration scope', () => {
  const twoPartners: Principal = {
    ...bjsManager,
    partnerGrants: [
      { accessTypeCode: 'EXT', partnerCode: 'BJS' },
      { accessTypeCode: 'EXT', partnerCode: 'WSI' },
    ],
  };
  it('names exactly the partners outside scope, for a manager of several', () => {
    expect(partnersOutsideScope(twoPartners, [bjs, wsi, ppx])).toEqual([ppx]);
    expect(partnersOutsideScope(admin, [bjs, wsi, ppx])).toEqual([]);
    expect(mayChangeShared(twoPartners, [bjs, wsi])).toBe(true);
    expect(mayChangeShared(twoPartners, [bjs, ppx])).toBe(false);
  });

  it('lets a manager change a category or frequency type that no partner uses: it holds no partner data', () => {
    expect(mayChangeShared(bjsManager, [])).toBe(true);
    expect(mayChangeShared(twoPartners, [])).toBe(true);
    expect(mayChangeShared(admin, [])).toBe(true);
  });

  it('gives a thing carrying partners data to a manager of all its partners, and one with none to internal admins only', () => {
    expect(mayManageForPartners(bjsManager, [bjs])).toBe(true);
    expect(mayManageForPartners(twoPartners, [bjs, wsi])).toBe(true);
    expect(mayManageForPartners(twoPartners, [{ accessTypeCode: 'ext', partnerCode: 'wsi' }])).toBe(true);
    expect(mayManageForPartners(bjsManager, [bjs, wsi])).toBe(false);
    expect(mayManageForPartners(twoPartners, [bjs, ppx])).toBe(false);
    expect(mayManageForPartners(bjsManager, [wsi])).toBe(false);
    expect(mayManageForPartners(bjsManager, [])).toBe(false);
    expect(mayManageForPartners(twoPartners, [])).toBe(false);
    expect(mayManageForPartners(admin, [])).toBe(true);
    expect(mayManageForPartners(admin, [bjs, wsi, ppx])).toBe(true);
  });

  it.each([
    ['Reports/EXT/BJS/', null],
    ['/Reports//BJS/', null],
    ['/Reports/EXT', null],
    ['/reports/EXT/BJS/', null],
    ['/Reports/EXT/BJS', bjs],
    ['x/Reports/EXT/BJS/', null],
  ])('the object key %s belongs to %o', (key, partner) => expect(datasetPartnerOf(key)).toEqual(partner));

  it('compares QuickSight ids only when there is one, and never across types', () => {
    const qs = (url: string) => ({ dashboardType: 'QUICKSIGHT' as const, dashboardUrl: url });
    expect(dashboardsShareContent(qs('/not/an/embed'), qs('/not/an/embed'))).toBe(false);
    const ts = (url: string) => ({ dashboardType: 'THOUGHTSPOT' as const, dashboardUrl: url });
    expect(dashboardsShareContent(ts('pin-1'), ts('pin-2'))).toBe(false);
    const tab = (url: string) => ({ dashboardType: 'TABLEAU' as const, dashboardUrl: url });
    const rs = (url: string) => ({ dashboardType: 'RSTUDIO' as const, dashboardUrl: url });
    expect(dashboardsShareContent(tab('/t/s/views/W'), tab('/t/s/views/W/V?x=1'))).toBe(true);
    expect(dashboardsShareContent(tab('/t/s/views/W/V'), tab('/t/s/views/W'))).toBe(true);
    expect(dashboardsShareContent(tab('/t/s/views/W'), tab('/t/s/views/Wx'))).toBe(false);
    expect(dashboardsShareContent(rs('/t/s/views/W'), tab('/t/s/views/W'))).toBe(false);
  });

  it("lets a partner keep content it already opens, matched whatever the partner's case, but not wider content", () => {
    const existing = [
      { ...placed(1, 'wsi', 'RSTUDIO', '/content/ops/page/'), partner: { type: 'ext', code: 'bjs' } },
      placed(2, 'WSI', 'RSTUDIO', '/content/ops/'),
    ];
    const same = { dashboardType: 'RSTUDIO' as const, dashboardUrl: '/content/ops/page/' };
    expect(mayPointDashboardAt(bjsManager, bjs, same, existing)).toBe(true);
    const beneath = { dashboardType: 'RSTUDIO' as const, dashboardUrl: '/content/ops/page/deeper' };
    expect(mayPointDashboardAt(bjsManager, bjs, beneath, existing)).toBe(true);
    // Wider than what BJS opens, and WSI's dashboard opens it: refused.
    const wider = { dashboardType: 'RSTUDIO' as const, dashboardUrl: '/content/ops/' };
    expect(mayPointDashboardAt(bjsManager, bjs, wider, existing)).toBe(false);
    // A manager of both partners may.
    expect(mayPointDashboardAt(twoPartners, bjs, wider, existing)).toBe(true);
    // Another partner code or type of the same content does not count as BJS's own.
    const otherType = [
      { ...placed(1, 'BJS', 'RSTUDIO', '/content/ops/'), partner: { type: 'INT', code: 'BJS' } },
    ];
    expect(mayPointDashboardAt(bjsManager, bjs, wider, otherType)).toBe(false);
    const otherCode = [placed(1, 'BJSX', 'RSTUDIO', '/content/ops/')];
    expect(mayPointDashboardAt(bjsManager, bjs, wider, otherCode)).toBe(false);
  });

  it('treats QuickSight and ThoughtSpot content as covered only by the same id', () => {
    const existing = [
      placed(1, 'BJS', 'QUICKSIGHT', '/embed/a/dashboards/q1'),
      placed(2, 'WSI', 'QUICKSIGHT', '/embed/a/dashboards/q1'),
      placed(3, 'WSI', 'THOUGHTSPOT', 'pin-1'),
    ];
    const q1 = { dashboardType: 'QUICKSIGHT' as const, dashboardUrl: '/embed/b/dashboards/q1' };
    expect(mayPointDashboardAt(bjsManager, bjs, q1, existing)).toBe(true);
    const pin = { dashboardType: 'THOUGHTSPOT' as const, dashboardUrl: 'PIN-1' };
    expect(mayPointDashboardAt(bjsManager, bjs, pin, existing)).toBe(false);
    expect(mayPointDashboardAt(bjsManager, bjs, { ...pin, dashboardUrl: 'pin-2' }, existing)).toBe(true);
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md).
describe('content a partner already opens, by type and direction', () => {
  it('never counts a dot segment as lying within another dashboard, in either order', () => {
    const rs = (url: string) => ({ dashboardType: 'RSTUDIO' as const, dashboardUrl: url });
    for (const dots of ['/content/ops/../', '/content/ops/./']) {
      expect(dashboardsShareContent(rs('/content/ops'), rs(dots))).toBe(false);
      expect(dashboardsShareContent(rs(dots), rs('/content/ops'))).toBe(false);
    }
  });

  it("does not count a dashboard of another type at the same path as the partner's own", () => {
    const existing = [
      placed(1, 'BJS', 'RSTUDIO', '/t/demo/views/W'),
      placed(2, 'WSI', 'TABLEAU', '/t/demo/views/W'),
    ];
    const tableau = { dashboardType: 'TABLEAU' as const, dashboardUrl: '/t/demo/views/W' };
    expect(mayPointDashboardAt(bjsManager, bjs, tableau, existing)).toBe(false);
  });

  it('lets a partner keep Tableau content it already opens, but not a wider view', () => {
    const existing = [
      placed(1, 'BJS', 'TABLEAU', '/t/demo/views/W/V'),
      placed(2, 'WSI', 'TABLEAU', '/t/demo/views/W'),
    ];
    const same = { dashboardType: 'TABLEAU' as const, dashboardUrl: '/t/demo/views/W/V' };
    expect(mayPointDashboardAt(bjsManager, bjs, same, existing)).toBe(true);
    const wider = { dashboardType: 'TABLEAU' as const, dashboardUrl: '/t/demo/views/W' };
    expect(mayPointDashboardAt(bjsManager, bjs, wider, existing)).toBe(false);
  });
});
