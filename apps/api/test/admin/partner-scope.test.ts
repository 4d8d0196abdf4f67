import { claimMonitorRun, finishMonitorRun, recordMonitorAlerts } from '@portal/db';
import type { DashboardType } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import {
  ensureReferenceData,
  newCategory,
  newMonitor,
  newPartnerCategory,
  newReport,
} from '@portal/testing/db';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE } from '../../src/admin/frequency-type-scope.js';
import { multipartFile, PNG_1x1 } from '../support/multipart.js';
import { createPartnerManager } from '../support/partner-manager.js';

// Issue 11, points 1 and 2: a manager scoped to EXT/BJS (MANAGE_DASHBOARDS, MANAGE_REPORT_CATEGORIES…)
// sees and changes only EXT/BJS in dashboard, report category, alert-run and dataset administration.
let t: TestApp;
let personas: SeededPersonas;
let manager: Record<string, string>;
let admin: Record<string, string>;
const partnerIds: Record<string, number> = {};
const dashboards: Record<string, number> = {};
const monitors: Record<string, number> = {};

const inject = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload !== undefined && { payload: payload as object }),
  });
const count = async (table: 'dashboards' | 'report_categories' | 'partner_categories' | 'datasets') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function addDashboard(partner: string, name: string, type: DashboardType, url: string) {
  const row = await t.database.db
    .insertInto('dashboards')
    .values({
      partner_id: partnerIds[partner]!,
      dashboard_name: name,
      dashboard_description: '',
      dashboard_url: url,
      dashboard_type: type,
      dashboard_content_type: null,
    })
    .returning('dashboard_id')
    .executeTakeFirstOrThrow();
  return row.dashboard_id;
}

async function linkCategory(partner: string, categoryCode: string) {
  await newPartnerCategory(t.database.db, { partnerId: partnerIds[partner]!, categoryCode });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  personas = await seedPersonas(db);
  await ensureReferenceData(db);
  admin = await personas.headers('internalAdmin');
  manager = await createPartnerManager(db);
  for (const p of await db
    .selectFrom('partners')
    .select(['partner_id', 'access_type_code', 'code'])
    .execute()) {
    partnerIds[`${p.access_type_code}/${p.code}`] = p.partner_id;
  }
  dashboards.wsiOps = await addDashboard(
    'EXT/WSI',
    'Operations Health',
    'RSTUDIO',
    '/content/demo-operations-health/',
  );
  dashboards.wsiQs = await addDashboard(
    'EXT/WSI',
    'WSI trends',
    'QUICKSIGHT',
    '/embed/demo/dashboards/demo-qs-wsi',
  );
  dashboards.bjsSales = await addDashboard(
    'EXT/BJS',
    'Sales Overview',
    'RSTUDIO',
    '/content/demo-sales-overview/',
  );
  dashboards.bjsShared = await addDashboard(
    'EXT/BJS',
    'Partner Sales',
    'TABLEAU',
    '/t/demo/views/PartnerSales/Overview',
  );
  dashboards.wsiShared = await addDashboard(
    'EXT/WSI',
    'Partner Sales',
    'TABLEAU',
    '/t/demo/views/PartnerSales/Overview',
  );
  dashboards.bjsToDelete = await addDashboard('EXT/BJS', 'Old', 'RSTUDIO', '/content/bjs-old/');

  await newCategory(db, {
    code: 'SHARED',
    name: 'Shared',
    ownerEmails: ['owner@bank.test'],
  });
  await newCategory(db, { code: 'OWN', name: 'Own only' });
  await newCategory(db, { code: 'OWN_DEL', name: 'Own to delete' });
  for (const code of ['SHARED', 'OWN', 'OWN_DEL']) {
    await db
      .insertInto('report_category_frequency_types')
      .values({ category_code: code, frequency_type_code: 'DLY' })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const partner of ['EXT/BJS', 'EXT/WSI', 'INT/OPS']) await linkCategory(partner, 'SHARED');
  await linkCategory('EXT/BJS', 'OWN');
  await linkCategory('EXT/BJS', 'OWN_DEL');

  monitors.bjs = await newMonitor(db, {
    partnerId: partnerIds['EXT/BJS']!,
    categoryCode: 'SHARED',
    frequencyTypeCode: 'DLY',
  });
  monitors.wsi = await newMonitor(db, {
    partnerId: partnerIds['EXT/WSI']!,
    categoryCode: 'SHARED',
    frequencyTypeCode: 'DLY',
  });
  const scheduledFor = new Date('2026-11-23T15:00:00Z');
  const runId = (await claimMonitorRun(db, {
    checkDate: '2026-11-23',
    scheduledFor,
    startedAt: scheduledFor,
    late: false,
  }))!;
  const alerts = await recordMonitorAlerts(db, {
    runId,
    dueDate: '2026-11-23',
    reportMonitorIds: [monitors.bjs, monitors.wsi],
  });
  await finishMonitorRun(db, {
    runId,
    finishedAt: scheduledFor,
    dueMonitorIds: [monitors.bjs, monitors.wsi],
    missingCount: 2,
    emailedCount: alerts.filter((a) => a.recipients.length > 0).length,
  });
  await db
    .insertInto('datasets')
    .values([
      { catalog_id: 'bjs-set', object_key: '/Reports/EXT/BJS/SHARED/' },
      { catalog_id: 'wsi-set', object_key: '/Reports/EXT/WSI/SHARED/' },
    ])
    .execute();
});
afterAll(async () => t?.close());

const dashboardBody = (partnerCode: string, dashboardUrl: string, dashboardType = 'RSTUDIO') => ({
  dashboardName: 'Scoped',
  dashboardDescription: '',
  dashboardUrl,
  dashboardType,
  partner: { type: 'EXT', code: partnerCode },
});

describe('dashboard administration (point 1)', () => {
  it('lists the dashboards of the partners the manager may access only', async () => {
    const reply = await inject('GET', '/api/dashboards', manager);
    expect(reply.statusCode).toBe(200);
    const partners = new Set(reply.json().map((d: { partner: { code: string } }) => d.partner.code));
    expect([...partners]).toEqual(['BJS']);
    expect((await inject('GET', '/api/dashboards', admin)).json().length).toBe(6);
  });

  it("refuses a BJS dashboard opening WSI's content, and the proxy still refuses BJS users", async () => {
    const partnerUser = await personas.headers('externalReports');
    const proxied = () => inject('GET', '/content/demo-operations-health/', { cookie: partnerUser.cookie! });
    expect((await proxied()).statusCode).toBe(403);
    const before = await count('dashboards');
    for (const url of [
      '/content/demo-operations-health/',
      '/content/demo-operations-health/page',
      '/content/demo-operations-health',
    ]) {
      const reply = await inject('POST', '/api/dashboards', manager, dashboardBody('BJS', url));
      expect(reply.statusCode, url).toBe(403);
      expect(reply.json()).toMatchObject({ field: 'dashboardUrl' });
    }
    const qs = await inject(
      'POST',
      '/api/dashboards',
      manager,
      dashboardBody('BJS', '/embed/demo/dashboards/demo-qs-wsi', 'QUICKSIGHT'),
    );
    expect(qs.statusCode).toBe(403);
    expect(await count('dashboards')).toBe(before);
    expect((await proxied()).statusCode).toBe(403);
  });

  it('creates a dashboard of its own partner on fresh content, or content the partner already opens', async () => {
    const fresh = await inject('POST', '/api/dashboards', manager, dashboardBody('BJS', '/content/bjs-new/'));
    expect(fresh.statusCode).toBe(201);
    const edited = await inject('PUT', `/api/dashboards/${dashboards.bjsShared}`, manager, {
      ...dashboardBody('BJS', '/t/demo/views/PartnerSales/Overview', 'TABLEAU'),
      dashboardName: 'Partner Sales, renamed',
    });
    expect(edited.statusCode).toBe(200);
  });

  it('neither creates, edits, moves nor deletes dashboards of another partner', async () => {
    const before = await count('dashboards');
    expect(
      (await inject('POST', '/api/dashboards', manager, dashboardBody('WSI', '/content/wsi-new/')))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await inject(
          'PUT',
          `/api/dashboards/${dashboards.wsiOps}`,
          manager,
          dashboardBody('BJS', '/content/x/'),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await inject(
          'PUT',
          `/api/dashboards/${dashboards.bjsSales}`,
          manager,
          dashboardBody('WSI', '/content/demo-sales-overview/'),
        )
      ).statusCode,
    ).toBe(403);
    expect((await inject('DELETE', `/api/dashboards/${dashboards.wsiOps}`, manager)).statusCode).toBe(403);
    expect(await count('dashboards')).toBe(before);
    const row = await t.database.db
      .selectFrom('dashboards')
      .select('partner_id')
      .where('dashboard_id', '=', dashboards.bjsSales!)
      .executeTakeFirstOrThrow();
    expect(row.partner_id).toBe(partnerIds['EXT/BJS']);
    expect((await inject('DELETE', `/api/dashboards/${dashboards.bjsToDelete}`, manager)).statusCode).toBe(
      200,
    );
  });

  it('lets an internal admin bind any content', async () => {
    const reply = await inject(
      'POST',
      '/api/dashboards',
      admin,
      dashboardBody('SAM', '/content/demo-operations-health/'),
    );
    expect(reply.statusCode).toBe(201);
  });
});

describe('report category administration (point 2)', () => {
  it('refuses a category linking partners outside the scope, owner e-mails and all', async () => {
    const before = [await count('report_categories'), await count('partner_categories')];
    const reply = await inject('POST', '/api/categories', manager, {
      code: 'STEAL',
      name: 'Steal alerts',
      frequencyTypes: [{ code: 'DLY' }],
      ownerEmails: ['attacker@bjs.example'],
      partners: [
        { type: 'EXT', code: 'BJS' },
        { type: 'EXT', code: 'WSI' },
        { type: 'INT', code: 'OPS' },
      ],
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toContain('EXT/WSI, INT/OPS');
    expect([await count('report_categories'), await count('partner_categories')]).toEqual(before);
  });

  it('creates a category for its own partner', async () => {
    const reply = await inject('POST', '/api/categories', manager, {
      code: 'BJS_NEW',
      name: 'BJS new',
      frequencyTypes: [{ code: 'DLY' }],
      ownerEmails: [],
      partners: [{ type: 'EXT', code: 'BJS' }],
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().partners).toEqual([{ type: 'EXT', code: 'BJS', name: "BJ's Wholesale Club" }]);
  });

  it("reads a shared category for its own partners' part only", async () => {
    const mine = await inject('GET', '/api/admin/categories/SHARED', manager);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().partners.map((p: { code: string }) => p.code)).toEqual(['BJS']);
    expect(mine.json().sharedOutsideScope).toBe(true);
    const all = await inject('GET', '/api/admin/categories/SHARED', admin);
    expect(all.json().sharedOutsideScope).toBe(false);
    expect((await inject('GET', '/api/admin/categories/OWN', manager)).json().sharedOutsideScope).toBe(false);
    expect(all.json().partners.map((p: { type: string; code: string }) => `${p.type}/${p.code}`)).toEqual([
      'EXT/BJS',
      'EXT/WSI',
      'INT/OPS',
    ]);
    const list = await inject('GET', '/api/admin/categories?code=SHARED', manager);
    expect(list.json().categories).toEqual([expect.objectContaining({ code: 'SHARED', partnerCount: 1 })]);
    const adminList = await inject('GET', '/api/admin/categories?code=SHARED', admin);
    expect(adminList.json().categories).toEqual([
      expect.objectContaining({ code: 'SHARED', partnerCount: 3 }),
    ]);
  });

  it('neither edits nor deletes a category shared with partners outside the scope', async () => {
    const edit = await inject('PUT', '/api/categories', manager, {
      code: 'SHARED',
      name: 'Renamed',
      frequencyTypes: [{ code: 'DLY' }],
      ownerEmails: ['attacker@bjs.example'],
    });
    expect(edit.statusCode).toBe(403);
    expect((await inject('DELETE', '/api/categories/SHARED', manager)).statusCode).toBe(403);
    const row = await t.database.db
      .selectFrom('report_categories')
      .selectAll()
      .where('code', '=', 'SHARED')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Shared', owner_emails: ['owner@bank.test'] });
    expect((await inject('GET', '/api/admin/categories/SHARED', admin)).json().partners).toHaveLength(3);
  });

  it('edits and deletes a category only its own partner has', async () => {
    const edit = await inject('PUT', '/api/categories', manager, {
      code: 'OWN',
      name: 'Own, renamed',
      frequencyTypes: [{ code: 'DLY' }],
      ownerEmails: [],
    });
    expect(edit.statusCode).toBe(200);
    expect((await inject('DELETE', '/api/categories/OWN_DEL', manager)).statusCode).toBe(200);
  });

  it('lets an internal admin edit the shared category', async () => {
    const edit = await inject('PUT', '/api/categories', admin, {
      code: 'SHARED',
      name: 'Shared',
      frequencyTypes: [{ code: 'DLY' }],
      ownerEmails: ['owner@bank.test'],
    });
    expect(edit.statusCode).toBe(200);
  });
});

describe('report monitor runs (point 2)', () => {
  it("shows a manager their partners' due and missing monitors only", async () => {
    const [run] = (await inject('GET', '/api/report-monitors/runs', manager)).json().runs;
    expect(run).toMatchObject({ due: [monitors.bjs], dueCount: 1, missingCount: 1 });
    expect(run.missing.map((m: { partnerCode: string }) => m.partnerCode)).toEqual(['BJS']);
    const [all] = (await inject('GET', '/api/report-monitors/runs', admin)).json().runs;
    expect(all).toMatchObject({ dueCount: 2, missingCount: 2 });
    expect(all.missing.map((m: { partnerCode: string }) => m.partnerCode)).toEqual(['BJS', 'WSI']);
  });
});

describe('datasets', () => {
  it("neither reads, registers nor moves another partner's dataset", async () => {
    expect((await inject('GET', '/api/datasets/bjs-set', manager)).statusCode).toBe(200);
    expect((await inject('GET', '/api/datasets/wsi-set', manager)).statusCode).toBe(403);
    const post = (catalogId: string, objectKey: string) =>
      inject('POST', '/api/datasets', manager, { catalogId, objectKey });
    expect((await post('new-wsi', '/Reports/EXT/WSI/SHARED/')).statusCode).toBe(403);
    expect((await post('wsi-set', '/Reports/EXT/BJS/SHARED/')).statusCode).toBe(403);
    expect((await post('elsewhere', '/Elsewhere/x/')).statusCode).toBe(403);
    expect(
      await t.database.db
        .selectFrom('datasets')
        .select('object_key')
        .where('catalog_id', '=', 'wsi-set')
        .executeTakeFirst(),
    ).toEqual({
      object_key: '/Reports/EXT/WSI/SHARED/',
    });
    expect((await post('new-bjs', '/Reports/EXT/BJS/OWN/')).statusCode).toBe(201);
  });
});

describe('logos and marketing images', () => {
  it('are replaced only by someone who may access every partner of the code, since all of them show it', async () => {
    const upload = (url: string) => {
      const file = multipartFile(PNG_1x1);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...manager, ...file.headers },
        payload: file.payload,
      });
    };
    expect((await upload('/api/logo/BJS')).statusCode).toBe(200);
    expect((await upload('/api/logo/WSI')).statusCode).toBe(403);
    // INT/BJS would show the logo EXT/BJS's manager uploads.
    await t.database.db
      .insertInto('partners')
      .values({ access_type_code: 'INT', code: 'BJS', name: 'BJS internal' })
      .execute();
    expect((await upload('/api/logo/BJS')).statusCode).toBe(403);
    expect((await upload('/api/marketing/upload/BJS')).statusCode).toBe(403);
    expect((await upload('/api/logo/BJS')).json()).toEqual({
      message: 'Access to this place or content is restricted.',
    });
  });
});

describe('frequency type administration (issue 23, point 1)', () => {
  const frequencyType = (code: string) =>
    t.database.db.selectFrom('frequency_types').selectAll().where('code', '=', code).executeTakeFirst();
  const offeredBy = (code: string) =>
    t.database.db
      .selectFrom('report_category_frequency_types')
      .select('category_code')
      .where('frequency_type_code', '=', code)
      .execute();
  const audited = (code: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'frequency-type')
      .where('entity_id', '=', code)
      .execute();
  const state = async (code: string) => ({
    type: await frequencyType(code),
    offeredBy: await offeredBy(code),
    audited: await audited(code),
  });
  /** The manager's rename and delete answer 403 and change nothing, not even the audit log. */
  const expectRefused = async (code: string) => {
    const before = await state(code);
    const rename = await inject('PUT', '/api/frequency-types', manager, { code, name: `${code} taken` });
    expect(rename.statusCode, `rename ${code}`).toBe(403);
    expect(rename.json()).toEqual({ message: FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE });
    const removal = await inject('DELETE', `/api/frequency-types/${code}`, manager);
    expect(removal.statusCode, `delete ${code}`).toBe(403);
    expect(removal.json()).toEqual({ message: FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE });
    expect(await state(code)).toEqual(before);
  };

  it('is neither renamed nor deleted by a BJS manager when only a WSI category offers it, though WSI has not picked it', async () => {
    expect(
      (await inject('POST', '/api/frequency-types', admin, { code: 'QLY', name: 'Quarter' })).statusCode,
    ).toBe(201);
    const category = {
      code: 'WSI_Q',
      name: 'WSI quarterly',
      ownerEmails: [],
      partners: [{ type: 'EXT', code: 'WSI' }],
    };
    const created = await inject('POST', '/api/categories', admin, {
      ...category,
      frequencyTypes: [{ code: 'DLY' }],
    });
    expect(created.statusCode).toBe(201);
    // Adding a frequency type to a category offers it to the partners it has, who have not chosen it yet.
    const offered = await inject('PUT', '/api/categories', admin, {
      ...category,
      frequencyTypes: [{ code: 'DLY' }, { code: 'QLY' }],
    });
    expect(offered.statusCode).toBe(200);
    const chosen = await t.database.db
      .selectFrom('partner_category_frequency_types')
      .select('partner_id')
      .where('frequency_type_code', '=', 'QLY')
      .execute();
    expect(chosen).toEqual([]);

    await expectRefused('QLY');
    expect(await frequencyType('QLY')).toEqual({ code: 'QLY', name: 'Quarter' });
    expect(await offeredBy('QLY')).toEqual([{ category_code: 'WSI_Q' }]);

    const renamed = await inject('PUT', '/api/frequency-types', admin, { code: 'QLY', name: 'Quarterly' });
    expect(renamed.statusCode).toBe(200);
    expect((await inject('DELETE', '/api/frequency-types/QLY', admin)).statusCode).toBe(200);
    expect(await frequencyType('QLY')).toBeUndefined();
  });

  it("is neither renamed nor deleted by a BJS manager when only WSI's reports are in it", async () => {
    await t.database.db.insertInto('frequency_types').values({ code: 'HLY', name: 'Half year' }).execute();
    await newReport(t.database.db, {
      partnerId: partnerIds['EXT/WSI']!,
      categoryCode: 'SHARED',
      frequencyTypeCode: 'HLY',
      reportDate: '2026-06-30',
    });
    await expectRefused('HLY');
  });

  it('is neither renamed nor deleted by a BJS manager when only a WSI report alert is in it', async () => {
    // No category offers MLY here: the WSI alert was kept when WSI stopped receiving it.
    await newMonitor(t.database.db, {
      partnerId: partnerIds['EXT/WSI']!,
      categoryCode: 'SHARED',
      frequencyTypeCode: 'MLY',
      frequencyDay: 'BUSINESS_DAY',
      frequencyNumber: 1,
    });
    await expectRefused('MLY');
    const alerts = await t.database.db
      .selectFrom('report_monitors')
      .select('partner_id')
      .where('frequency_type_code', '=', 'MLY')
      .execute();
    expect(alerts).toEqual([{ partner_id: partnerIds['EXT/WSI'] }]);
  });

  it("is renamed by the BJS manager when only BJS's categories and reports use it", async () => {
    expect(
      (await inject('POST', '/api/frequency-types', admin, { code: 'BQ', name: 'BJS quarter' })).statusCode,
    ).toBe(201);
    const created = await inject('POST', '/api/categories', admin, {
      code: 'BJS_Q',
      name: 'BJS quarterly',
      ownerEmails: [],
      frequencyTypes: [{ code: 'BQ' }],
      partners: [{ type: 'EXT', code: 'BJS' }],
    });
    expect(created.statusCode).toBe(201);
    await newReport(t.database.db, {
      partnerId: partnerIds['EXT/BJS']!,
      categoryCode: 'BJS_Q',
      frequencyTypeCode: 'BQ',
      reportDate: '2026-09-30',
    });
    const renamed = await inject('PUT', '/api/frequency-types', manager, {
      code: 'BQ',
      name: 'BJS quarterly',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await frequencyType('BQ')).toEqual({ code: 'BQ', name: 'BJS quarterly' });
  });
});
