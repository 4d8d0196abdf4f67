import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardIds, seedDashboards } from './fixtures.js';

// Every dashboard call refuses an id of a partner the user may not see (IDOR), and lists only what
// the user may open. partner@demo.portal (externalReports) has EXT/BJS and EXT/SAM with
// VIEW_TS_DASHBOARDS; tenant-admin@demo.portal has EXT/BJS without it; OTH is the admin's alone.
let t: TestApp;
let personas: SeededPersonas;
let ids: DashboardIds;
let partner: Record<string, string>;
let tenant: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  ids = await seedDashboards(t.database.db);
  partner = await personas.headers('externalReports');
  tenant = await personas.headers('tenantAdmin');
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('listing', () => {
  it('lists partners with dashboards the user may open', async () => {
    const reply = await get('/api/dashboards/partners', partner);
    expect(reply.json()).toEqual({
      accessTypes: [{ code: 'EXT', name: 'External' }],
      partners: {
        EXT: [
          // No logo was uploaded for either: their cards show the default without asking.
          { type: 'EXT', code: 'BJS', name: "BJ's Wholesale Club", hasLogo: false },
          { type: 'EXT', code: 'SAM', name: "Sam's Club", hasLogo: false },
        ],
      },
    });
  });

  it("lists a partner's dashboards, without ThoughtSpot for a user lacking VIEW_TS_DASHBOARDS", async () => {
    const withTs = (await get('/api/dashboards/EXT/BJS', partner)).json();
    expect(withTs.partner).toEqual({ type: 'EXT', code: 'BJS', name: "BJ's Wholesale Club" });
    expect(withTs.dashboards.map((d: { dashboardType: string }) => d.dashboardType).sort()).toEqual([
      'QUICKSIGHT',
      'QUICKSIGHT',
      'RSTUDIO',
      'TABLEAU',
      'THOUGHTSPOT',
    ]);
    const withoutTs = (await get('/api/dashboards/EXT/BJS', tenant)).json();
    expect(withoutTs.dashboards.map((d: { dashboardType: string }) => d.dashboardType)).not.toContain(
      'THOUGHTSPOT',
    );
    expect((await get('/api/dashboards/content-types/EXT/BJS', partner)).json()).toEqual([
      'Operations',
      'Sales',
    ]);
  });
});

describe('an id or partner the user may not see is refused by every call', () => {
  it.each([
    ['GET', '/api/dashboards/EXT/OTH'],
    ['GET', '/api/dashboards/content-types/EXT/OTH'],
    ['GET', '/api/postgres/activity-logs/popular-dashboards/EXT/OTH'],
  ])('%s %s', async (method, url) => {
    const reply = await t.app.inject({ method: method as 'GET', url, headers: partner });
    expect(reply.statusCode).toBe(403);
  });

  it('GET /api/dashboards/{accessTypeCode}/{partnerCode}/{dashboardId}', async () => {
    expect((await get(`/api/dashboards/EXT/OTH/${ids.othTableau}`, partner)).statusCode).toBe(403);
    // Another partner's id under the user's own partner: refused, not shown.
    const crossed = await get(`/api/dashboards/EXT/BJS/${ids.othTableau}`, partner);
    expect([403, 404]).toContain(crossed.statusCode);
    expect(crossed.body).not.toContain('Regional Sales');
    expect((await get(`/api/dashboards/EXT/BJS/${ids.samRStudio}`, partner)).statusCode).toBe(404);
    expect((await get(`/api/dashboards/EXT/BJS/${ids.bjsTableau}`, partner)).json()).toMatchObject({
      dashboardName: 'Partner Sales Overview',
    });
  });

  it('POST /api/activity/track/dashboard-view and dashboard-fail', async () => {
    for (const kind of ['dashboard-view', 'dashboard-fail']) {
      expect((await post(`/api/activity/track/${kind}/${ids.othRStudio}`, partner)).statusCode).toBe(403);
      expect((await post(`/api/activity/track/${kind}/${ids.bjsThoughtSpot}`, tenant)).statusCode).toBe(403);
      expect((await post(`/api/activity/track/${kind}/999999`, partner)).statusCode).toBe(404);
    }
    const outbox = await t.database.db.selectFrom('outbox').selectAll().execute();
    expect(outbox).toHaveLength(0);
  });

  it('GET /api/quicksight/{dashboardId} and GET /api/tableau/{dashboardId}', async () => {
    expect((await get(`/api/quicksight/${ids.othQuickSight}`, partner)).statusCode).toBe(403);
    expect((await get(`/api/tableau/${ids.othTableau}`, partner)).statusCode).toBe(403);
    expect((await get(`/api/quicksight/${ids.bjsQuickSight}`, partner)).json()).toEqual({
      dashboardUrl: '/embed/demo/dashboards/demo-qs-1',
      dashboardName: 'Settlement Trends',
    });
    expect((await get(`/api/tableau/${ids.bjsRStudio}`, partner)).statusCode).toBe(404);
  });

  it('GET /api/ThoughtSpotEmbed/{pinboardId}', async () => {
    expect((await get('/api/ThoughtSpotEmbed/pinboard-oth-1', partner)).statusCode).toBe(403);
    expect((await get('/api/ThoughtSpotEmbed/pinboard-bjs-1', tenant)).statusCode).toBe(403);
    expect((await get('/api/ThoughtSpotEmbed/pinboard-unknown', partner)).statusCode).toBe(404);
    expect((await get('/api/ThoughtSpotEmbed/pinboard-bjs-1', partner)).statusCode).toBe(200);
  });

  it('GET /api/thoughtspot/user for anyone but the signed-in user', async () => {
    expect((await get('/api/thoughtspot/user?name=someone-else@demo.portal', partner)).statusCode).toBe(403);
  });
});

describe('the content proxy', () => {
  const content = async (url: string, persona: 'externalReports' | 'tenantAdmin' | 'anonymous') => {
    const cookie = await personas.sessionCookie(persona);
    return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  };

  it('serves the demo content of a dashboard the user may open', async () => {
    const reply = await content('/content/demo-sales-overview/', 'externalReports');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('class="viewport"');
  });

  it('refuses a path of a dashboard the user may not see, and anyone not signed in', async () => {
    expect((await content('/content/demo-portal-usage/', 'externalReports')).statusCode).toBe(403);
    expect((await content('/content/demo-portal-usage/app.js', 'externalReports')).statusCode).toBe(403);
    expect((await content('/t/demo/views/PartnerSales/Regions', 'externalReports')).statusCode).toBe(403);
    expect(
      (await content('/content/demo-sales-overview/../demo-portal-usage/', 'externalReports')).statusCode,
    ).not.toBe(200);
    expect((await content('/content/demo-sales-overview/', 'anonymous')).statusCode).toBe(401);
    expect((await content('/embed/demo/dashboards/demo-qs-2', 'externalReports')).statusCode).toBe(403);
  });
});

describe('the demo ThoughtSpot', () => {
  it("answers the SDK's session calls with JSON for its own token, and refuses any other", async () => {
    const { token } = (await get('/api/ThoughtSpotEmbed/pinboard-bjs-1', partner)).json();
    const bearer = { authorization: `Bearer ${token}` };
    const info = await get('/thoughtspot-demo/callosum/v1/session/info', bearer);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      userName: 'partner@demo.portal',
      configInfo: { mixpanelConfig: { production: false } },
    });
    expect(info.json().userGUID).toMatch(/^[0-9a-f]{32}$/);
    const forged = await get('/thoughtspot-demo/callosum/v1/session/info', {
      authorization: `Bearer ${token.slice(0, -2)}xx`,
    });
    expect(forged.statusCode).toBe(401);
    expect((await get('/thoughtspot-demo/callosum/v1/session/info', {})).statusCode).toBe(401);
    const preauth = await get('/thoughtspot-demo/prism/preauth/info', {});
    expect(preauth.statusCode).toBe(200);
    expect(preauth.headers['content-type']).toMatch(/^application\/json/);
  });
});
