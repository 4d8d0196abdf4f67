import { viewMonthOf } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardIds, seedDashboards } from './fixtures.js';

// Tracking answers at once with one outbox row (the activity worker stores it: see
// workers/test/dashboard-event.test.ts); Most Viewed reads the monthly aggregate.
let t: TestApp;
let personas: SeededPersonas;
let ids: DashboardIds;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  ids = await seedDashboards(t.database.db);
  headers = await personas.headers('externalReports');
});
afterAll(async () => t?.close());

describe('tracking', () => {
  it('answers 202 after writing one activity job to the outbox', async () => {
    const view = await t.app.inject({
      method: 'POST',
      url: `/api/activity/track/dashboard-view/${ids.bjsRStudio}`,
      headers,
    });
    expect(view.statusCode).toBe(202);
    const fail = await t.app.inject({
      method: 'POST',
      url: `/api/activity/track/dashboard-fail/${ids.bjsRStudio}`,
      headers,
      payload: { status: 503, reason: 'status' },
    });
    expect(fail.statusCode).toBe(202);
    const rows = await t.database.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();
    expect(rows.map((r) => [r.queue, r.job_name])).toEqual([
      ['activity', 'activity.dashboard-event'],
      ['activity', 'activity.dashboard-event'],
    ]);
    expect(rows[0]?.payload).toMatchObject({
      eventId: view.json().eventId,
      dashboardId: ids.bjsRStudio,
      kind: 'VIEW',
      userId: 'partner@demo.portal',
    });
    expect(rows[1]?.payload).toMatchObject({ kind: 'FAIL', detail: { status: 503, reason: 'status' } });
  });

  it('answers each of calls sent together for its own dashboard (their lookups share a statement)', async () => {
    await t.database.db.deleteFrom('outbox').execute();
    const track = (dashboardId: number) =>
      t.app.inject({ method: 'POST', url: `/api/activity/track/dashboard-view/${dashboardId}`, headers });
    const calls = [ids.bjsRStudio, ids.othRStudio, 2_000_000_000, ids.samRStudio, ids.othThoughtSpot];
    const answers = await Promise.all([...calls, ...calls].map(track));
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      202, 403, 404, 202, 403, 202, 403, 404, 202, 403,
    ]);
    const rows = await t.database.db.selectFrom('outbox').select('payload').execute();
    expect(rows.map((row) => (row.payload as { dashboardId: number }).dashboardId).sort()).toEqual(
      [ids.bjsRStudio, ids.bjsRStudio, ids.samRStudio, ids.samRStudio].sort(),
    );
  });
});

describe('most viewed', () => {
  it("reads this month's views of the partner's dashboards the user may open, most viewed first", async () => {
    const month = viewMonthOf(new Date());
    await t.database.db
      .insertInto('dashboard_views_monthly')
      .values([
        { dashboard_id: ids.bjsRStudio, month, views: 3 },
        { dashboard_id: ids.bjsTableau, month, views: 9 },
        { dashboard_id: ids.bjsQuickSight, month: '2020-01-01', views: 99 },
        { dashboard_id: ids.bjsThoughtSpot, month, views: 5 },
      ])
      .execute();
    const url = '/api/postgres/activity-logs/popular-dashboards/EXT/BJS';
    expect((await t.app.inject({ method: 'GET', url, headers })).json()).toEqual([
      { dashboardId: ids.bjsTableau, views: 9 },
      { dashboardId: ids.bjsThoughtSpot, views: 5 },
      { dashboardId: ids.bjsRStudio, views: 3 },
    ]);
    // Without VIEW_TS_DASHBOARDS the ThoughtSpot dashboard is not counted.
    const tenant = await personas.headers('tenantAdmin');
    expect((await t.app.inject({ method: 'GET', url, headers: tenant })).json()).toEqual([
      { dashboardId: ids.bjsTableau, views: 9 },
      { dashboardId: ids.bjsRStudio, views: 3 },
    ]);
  });
});

describe('the embedded demo Tableau', () => {
  it('signs in with the portal’s JWT, then serves the view; without the sign-in the view is refused', async () => {
    const cookie = (await personas.sessionCookie('externalReports')) ?? '';
    const { token } = (
      await t.app.inject({ method: 'GET', url: `/api/tableau/${ids.bjsTableau}`, headers })
    ).json();
    const view = '/t/demo/views/PartnerSales/Overview?:embed=y';
    expect((await t.app.inject({ method: 'GET', url: view, headers: { cookie } })).statusCode).toBe(401);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/vizportal/api/web/v1/auth/embed/signin',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: { siteName: 'demo', jwt: token },
    });
    expect(signin.statusCode).toBe(200);
    const session = signin.cookies.find((c) => c.name === 'workgroup_session_id');
    const page = await t.app.inject({
      method: 'GET',
      url: view,
      headers: { cookie: `${cookie}; workgroup_session_id=${session?.value}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="viewport"');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/vizportal/api/web/v1/auth/embed/signin',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: { siteName: 'demo', jwt: `${token.slice(0, -2)}xx` },
    });
    expect(forged.statusCode).toBe(401);
  });
});
