import { listAuditEntries } from '@portal/db';
import { DASHBOARD_URL_REASONS, MESSAGES, quicksightHostsReason } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// /admin/dashboards' calls (SPEC.md §5 Dashboard, §7): required fields, the safe URL pattern of
// each type with the reason when refused, host removal, and nothing saved on a refusal.
let t: TestApp;
let personas: SeededPersonas;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ QUICKSIGHT_REGION: 'us-east-1' });
  personas = await seedPersonas(t.database.db);
  admin = await personas.headers('internalAdmin');
});
afterAll(async () => t?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  dashboardName: 'Sales',
  dashboardDescription: 'Monthly sales',
  dashboardUrl: '/content/sales/',
  dashboardType: 'RSTUDIO',
  dashboardContentType: 'Sales',
  partner: { type: 'EXT', code: 'BJS' },
  ...overrides,
});
const post = (payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/dashboards', headers, payload: payload as object });
const count = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('dashboards')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('creating a dashboard', () => {
  it.each([
    ['RSTUDIO', 'https://connect.example.com/content/0f1e2d/', '/content/0f1e2d/'],
    ['RStudio', '/content/sales-overview/', '/content/sales-overview/'],
    [
      'TABLEAU',
      'https://tableau.example.com/t/demo/views/PartnerSales/Overview',
      '/t/demo/views/PartnerSales/Overview',
    ],
    ['Tableau', '/t/demo/views/PartnerSales/Regions?:embed=y', '/t/demo/views/PartnerSales/Regions?:embed=y'],
    [
      'QUICKSIGHT',
      'https://us-east-1.quicksight.aws.amazon.com/embed/4a5b/dashboards/qs-1?isauthcode=true&code=x',
      '/embed/4a5b/dashboards/qs-1',
    ],
    ['QuickSight', '/embed/demo/dashboards/demo-qs-9', '/embed/demo/dashboards/demo-qs-9'],
    ['ThoughtSpot', '3f6c1a2e-8b4d-4e7a-9c15-2d7e8f90a1b3', '3f6c1a2e-8b4d-4e7a-9c15-2d7e8f90a1b3'],
  ])('saves a %s dashboard with the host removed: %s', async (dashboardType, dashboardUrl, stored) => {
    const reply = await post(body({ dashboardType, dashboardUrl }));
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ dashboardUrl: stored, dashboardType: dashboardType.toUpperCase() });
    const row = await t.database.db
      .selectFrom('dashboards')
      .selectAll()
      .where('dashboard_id', '=', reply.json().dashboardId)
      .executeTakeFirstOrThrow();
    expect(row.dashboard_url).toBe(stored);
  });

  it('decides the type from the URL when the form leaves it out', async () => {
    const reply = await post(body({ dashboardType: undefined, dashboardUrl: '/t/demo/views/A/B' }));
    expect(reply.json()).toMatchObject({ dashboardType: 'TABLEAU' });
  });

  it.each([
    ['RSTUDIO', '/t/demo/views/PartnerSales/Overview', DASHBOARD_URL_REASONS.rstudio],
    ['RSTUDIO', 'https://connect.example.com/__api__/v1/content', DASHBOARD_URL_REASONS.rstudio],
    ['RSTUDIO', '/content/x/../../api/users', DASHBOARD_URL_REASONS.dotSegments],
    ['RSTUDIO', '/content/x/%2e%2e/y', DASHBOARD_URL_REASONS.encoded],
    ['RSTUDIO', 'javascript:alert(1)', DASHBOARD_URL_REASONS.scheme],
    ['RSTUDIO', 'content/x/', DASHBOARD_URL_REASONS.relative],
    ['RSTUDIO', '/content/x/#frag', DASHBOARD_URL_REASONS.fragment],
    ['RSTUDIO', '/content/<script>/', DASHBOARD_URL_REASONS.characters],
    ['TABLEAU', '/views/Workbook/View', DASHBOARD_URL_REASONS.tableau],
    ['TABLEAU', '/content/x/', DASHBOARD_URL_REASONS.tableau],
    [
      'QUICKSIGHT',
      'https://eu-west-1.quicksight.aws.amazon.com/embed/a/dashboards/b',
      quicksightHostsReason(['us-east-1.quicksight.aws.amazon.com']),
    ],
    [
      'QUICKSIGHT',
      'https://evil.example.com/embed/a/dashboards/b',
      quicksightHostsReason(['us-east-1.quicksight.aws.amazon.com']),
    ],
    ['QUICKSIGHT', '/embed/a/analyses/b', DASHBOARD_URL_REASONS.quicksight],
    ['THOUGHTSPOT', 'https://ts.example.com/#/pinboard/1', DASHBOARD_URL_REASONS.thoughtspot],
  ])('refuses a %s URL %s, says why and saves nothing', async (dashboardType, dashboardUrl, reason) => {
    const before = await count();
    const reply = await post(body({ dashboardType, dashboardUrl }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: reason, field: 'dashboardUrl' });
    expect(await count()).toBe(before);
  });

  it.each([
    ['dashboardName', { dashboardName: '  ' }],
    ['dashboardUrl', { dashboardUrl: '' }],
    ['partner.type', { partner: { type: ' ', code: 'BJS' } }],
    ['partner.code', { partner: { type: 'EXT', code: '' } }],
  ])('requires %s', async (field, overrides) => {
    const reply = await post(body(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: MESSAGES.required, field });
  });

  it('takes no content type, an unknown type or partner is refused', async () => {
    expect((await post(body({ dashboardContentType: null }))).json()).toMatchObject({
      dashboardContentType: null,
    });
    expect((await post(body({ dashboardType: 'PowerBI' }))).json()).toMatchObject({ field: 'dashboardType' });
    expect((await post(body({ partner: { type: 'EXT', code: 'NOPE' } }))).json()).toMatchObject({
      field: 'partner.code',
    });
  });

  it('is for MANAGE_DASHBOARDS only', async () => {
    expect((await post(body(), await personas.headers('externalReports'))).statusCode).toBe(403);
  });
});

describe('editing and deleting', () => {
  it('edits with the same rules, writes the audit log, deletes', async () => {
    const created = (await post(body())).json();
    const url = `/api/dashboards/${created.dashboardId}`;
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: body({ dashboardUrl: '/t/x/views/a/b' }),
    });
    expect(refused.statusCode).toBe(400);
    const edited = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: body({
        dashboardName: 'Sales 2',
        dashboardUrl: 'https://connect.example.com/content/sales-2/',
      }),
    });
    expect(edited.json()).toMatchObject({ dashboardName: 'Sales 2', dashboardUrl: '/content/sales-2/' });
    const list = await t.app.inject({ method: 'GET', url: '/api/dashboards', headers: admin });
    expect(list.json()).toContainEqual(
      expect.objectContaining({ dashboardId: created.dashboardId, dashboardName: 'Sales 2' }),
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
    const audit = await listAuditEntries(t.database.db, 'dashboard', String(created.dashboardId));
    expect(audit.map((a) => a.action)).toEqual(['dashboard.create', 'dashboard.update', 'dashboard.delete']);
  });
});
