import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReport, seedReportCatalog } from './fixtures.js';

// GET /api/partners, /api/categories/…, /api/reports/… (SPEC.md §3, §7).
describe('partners, categories and reports lists', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  const get = async (persona: Parameters<SeededPersonas['headers']>[0], url: string) =>
    t.app.inject({ method: 'GET', url, headers: await personas.headers(persona) });

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    const add = (r: Parameters<typeof addReport>[2]) => addReport(t.database.db, t.app.blobStore, r);
    await add({
      reportDate: '2026-11-18',
      fileName: 'SETTLEMENT_20261118.csv',
      body: Buffer.from('a,b\n1,2\n'),
    });
    await add({
      reportDate: '2026-11-19',
      fileName: 'SETTLEMENT_20261119.csv',
      body: Buffer.alloc(12_700, 'x'),
    });
    await add({ reportDate: '2026-11-19', fileName: 'SETTLEMENT_20261119_B.csv', body: Buffer.from('b') });
    await add({
      categoryCode: 'ACCOUNTS',
      frequencyTypeCode: 'DLY',
      reportDate: '2026-11-20',
      fileName: 'ACC_D_1120.csv',
      body: Buffer.from('d'),
    });
    await add({
      categoryCode: 'ACCOUNTS',
      frequencyTypeCode: 'WLY',
      reportDate: '2026-11-16',
      fileName: 'ACC_W_1116.csv',
      body: Buffer.from('w'),
    });
  });
  afterAll(async () => t?.close());

  it('lists only the partners a user may see, keyed by access type', async () => {
    const ext = await get('externalReports', '/api/partners');
    expect(ext.statusCode).toBe(200);
    expect(ext.json()).toEqual({
      accessTypes: [{ code: 'EXT', name: 'External' }],
      partners: {
        EXT: [
          { name: "BJ's Wholesale Club", code: 'BJS', type: 'EXT', hasLogo: false },
          { name: "Sam's Club", code: 'SAM', type: 'EXT', hasLogo: false },
        ],
      },
    });
    const admin = (await get('internalAdmin', '/api/partners')).json();
    expect(admin.accessTypes.map((a: { code: string }) => a.code)).toEqual(['EXT', 'INT']);
    expect(admin.partners.INT).toEqual([
      { name: 'Internal Operations', code: 'OPS', type: 'INT', hasLogo: false },
    ]);
  });

  it('lists the categories of a partner with their frequency types and external links', async () => {
    const reply = await get('externalReports', '/api/categories/EXT/BJS');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.selectedAccessType).toEqual({ code: 'EXT', name: 'External' });
    expect(body.selectedPartner).toEqual({ name: "BJ's Wholesale Club", code: 'BJS', type: 'EXT' });
    expect(body.categories).toEqual([
      {
        name: 'Account Activity',
        code: 'ACCOUNTS',
        externalLink: null,
        frequencyTypes: [
          { code: 'DLY', name: 'Day' },
          { code: 'WLY', name: 'Week' },
        ],
      },
      {
        name: 'Partner Insights',
        code: 'INSIGHTS',
        externalLink: 'https://example.com/insights',
        frequencyTypes: [{ code: 'MLY', name: 'Month' }],
      },
      {
        name: 'Settlement',
        code: 'SETTLEMENT',
        externalLink: null,
        frequencyTypes: [{ code: 'DLY', name: 'Day' }],
      },
    ]);
  });

  it('refuses another partner (403) and answers 404 for an unknown one the admin asks for', async () => {
    expect((await get('externalReports', '/api/categories/EXT/OTH')).statusCode).toBe(403);
    expect((await get('externalReports', '/api/reports/EXT/OTH/SETTLEMENT')).statusCode).toBe(403);
    const unknown = await get('internalAdmin', '/api/categories/EXT/NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Partner was not found.');
    const noCategory = await get('internalAdmin', '/api/reports/EXT/SAM/ACCOUNTS');
    expect(noCategory.statusCode).toBe(404);
    expect(noCategory.json().message).toBe('The report category was not found.');
    expect((await get('externalReports', '/api/reports/EXT/OTH/SETTLEMENT/dates')).statusCode).toBe(403);
    const noCategoryDates = await get('internalAdmin', '/api/reports/EXT/SAM/ACCOUNTS/dates');
    expect(noCategoryDates.statusCode).toBe(404);
    expect(noCategoryDates.json().message).toBe('The report category was not found.');
  });

  it('shows the latest date of each frequency type and the latest report; the dates are a read of their own', async () => {
    const reply = await get('externalReports', '/api/reports/EXT/BJS/SETTLEMENT');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.frequencyTypes).toEqual([{ code: 'DLY', name: 'Day' }]);
    expect(body).not.toHaveProperty('reportDates');
    const dates = await get('externalReports', '/api/reports/EXT/BJS/SETTLEMENT/dates');
    expect(dates.statusCode).toBe(200);
    expect(dates.json()).toEqual({ reportDates: ['2026-11-19', '2026-11-18'], following: false });
    expect(body.reports.DLY.map((r: { fileName: string }) => r.fileName)).toEqual([
      'SETTLEMENT_20261119.csv',
      'SETTLEMENT_20261119_B.csv',
    ]);
    const [first] = body.reports.DLY;
    expect(first).toMatchObject({
      fileSize: '12.4 KB',
      rawSize: 12_700,
      reportDate: Date.UTC(2026, 10, 19) / 1000,
      frequencyType: 'DLY',
    });
    expect(Number.isInteger(first.lastModified)).toBe(true);
    expect(body.latestReport.reportDate).toBe(Date.UTC(2026, 10, 19) / 1000);
    expect(body.selectedCategory.code).toBe('SETTLEMENT');
    expect(body.truncated).toBe(false);

    const accounts = (await get('externalReports', '/api/reports/EXT/BJS/ACCOUNTS')).json();
    expect(accounts.reports.DLY.map((r: { fileName: string }) => r.fileName)).toEqual(['ACC_D_1120.csv']);
    expect(accounts.reports.WLY.map((r: { fileName: string }) => r.fileName)).toEqual(['ACC_W_1116.csv']);
  });

  it('filters by a date range and swaps a start later than the end', async () => {
    const swapped = (
      await get('externalReports', '/api/reports/EXT/BJS/SETTLEMENT?startDate=2026-11-19&endDate=2026-11-01')
    ).json();
    expect(swapped.reports.DLY).toHaveLength(3);
    const oneDay = (
      await get('externalReports', '/api/reports/EXT/BJS/SETTLEMENT?startDate=2026-11-18')
    ).json();
    expect(oneDay.reports.DLY.map((r: { fileName: string }) => r.fileName)).toEqual([
      'SETTLEMENT_20261118.csv',
    ]);
  });

  it('answers 400 for dates that are not dates', async () => {
    for (const query of ['startDate=2026-13-01', 'endDate=yesterday', 'startDate=2026-02-30']) {
      const reply = await get('externalReports', `/api/reports/EXT/BJS/SETTLEMENT?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(typeof reply.json().message).toBe('string');
    }
  });

  it('needs VIEW_REPORTS', async () => {
    expect((await get('externalDashboards', '/api/partners')).statusCode).toBe(403);
    expect((await get('anonymous', '/api/partners')).statusCode).toBe(401);
  });
});
