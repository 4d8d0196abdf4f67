import { readdir } from 'node:fs/promises';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { REPORT_MATRIX_CATEGORY } from '../authorization/report-fixtures.js';
import { seedReportCatalog } from '../reports/fixtures.js';

// ISSUE 11 point 9: the API's documentation for internal users only, no caching of what a
// signed-in user is sent, an allow-list of report file types, and a refused contact form that
// does not use up the sender's allowance.
describe('point 9 hardening', () => {
  let t: TestApp;
  let personas: SeededPersonas;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    await t.database.db.insertInto('issue_reasons').values({ reason: 'Other' }).execute();
  });
  afterAll(async () => t?.close());

  const get = async (persona: Persona, url: string) =>
    t.app.inject({ url, headers: await personas.headers(persona) });

  describe('/api/docs', () => {
    it.each([
      ['anonymous', 401],
      ['externalReports', 403],
      ['tenantAdmin', 403],
      ['internalNoFeature', 200],
      ['serviceAccount', 200],
    ] as const)('%s: %i', async (persona, status) => {
      expect((await get(persona, '/api/docs/json')).statusCode).toBe(status);
      expect((await get(persona, '/api/docs/yaml')).statusCode).toBe(status);
      const page = await get(persona, '/api/docs');
      expect(status === 200 ? [200, 302] : [status]).toContain(page.statusCode);
    });

    it('serves the OpenAPI document itself to an internal user', async () => {
      const reply = await get('internalNoFeature', '/api/docs/json');
      expect(reply.json().openapi).toMatch(/^3\./);
    });
  });

  describe('Cache-Control', () => {
    it.each([
      ['externalReports', '/api/user'],
      ['externalReports', '/api/faqs'],
      ['externalReports', '/api/partners'],
      ['internalAdmin', '/api/users?firstName=a'],
      ['internalAdmin', '/api/external-users/download'],
      ['internalAdmin', '/api/banner'],
    ] as const)('%s GET %s: no-store', async (persona, url) => {
      const reply = await get(persona, url);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
    });

    it('says no-store on the CSV export as on JSON', async () => {
      const reply = await get('internalAdmin', '/api/external-users/download');
      expect(reply.headers['content-type']).toMatch(/^text\/csv/);
      expect(reply.headers['cache-control']).toBe('no-store');
    });
  });

  describe('report upload file types', () => {
    const upload = async (fileName: string) => {
      const boundary = 'portalreport';
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="reportDate"\r\n\r\n2026-11-20\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n` +
          `a,b\n1,2\n\r\n--${boundary}--\r\n`,
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/reports/EXT/BJS/${REPORT_MATRIX_CATEGORY}/upload`,
        payload,
        headers: {
          ...(await personas.headers('serviceAccount')),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
    };
    const reportRows = async () => (await t.database.db.selectFrom('reports').selectAll().execute()).length;
    const files = async () => (await readdir(t.filesDir, { recursive: true })).length;

    it.each(['page.html', 'image.svg', 'setup.exe', 'script.js', 'noextension'])(
      '%s: 400 naming the allowed types, nothing stored',
      async (fileName) => {
        const before = { rows: await reportRows(), files: await files() };
        const reply = await upload(fileName);
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toMatchObject({
          message: expect.stringContaining('Report files must be .csv, .txt, .xls, .xlsx, .pdf, .zip'),
          field: 'file',
        });
        expect({ rows: await reportRows(), files: await files() }).toEqual(before);
      },
    );

    it.each(['daily.csv', 'DAILY.XLSX', 'bundle.zip', 'summary.pdf'])('%s: 201', async (fileName) => {
      expect((await upload(fileName)).statusCode).toBe(201);
    });

    it('takes its list from REPORT_UPLOAD_EXTENSIONS', () => {
      expect(loadConfig({ NODE_ENV: 'test' }).reportUploadExtensions).toEqual([
        'csv',
        'txt',
        'xls',
        'xlsx',
        'pdf',
        'zip',
      ]);
      expect(
        loadConfig({ NODE_ENV: 'test', REPORT_UPLOAD_EXTENSIONS: 'CSV, .dat' }).reportUploadExtensions,
      ).toEqual(['csv', 'dat']);
      expect(() => loadConfig({ NODE_ENV: 'test', REPORT_UPLOAD_EXTENSIONS: 'csv,../x' })).toThrow(
        /REPORT_UPLOAD_EXTENSIONS/,
      );
    });
  });

  describe('contact-us rate limit', () => {
    const send = async (reason: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact-us',
        payload: { phone: '', reason, message: 'Help' },
        headers: await personas.headers('internalNoFeature'),
      });

    it('does not count refused requests (400) toward the limit, and still limits accepted ones', async () => {
      for (let i = 0; i < 12; i++) expect((await send('Not a reason')).statusCode).toBe(400);
      const accepted: number[] = [];
      for (let i = 0; i < 11; i++) accepted.push((await send('Other')).statusCode);
      expect(accepted).toEqual([...Array(10).fill(200), 429]);
    });
  });
});

describe('API_DOCS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'off' });
  });
  afterAll(async () => t?.close());

  it('serves no documentation at all', async () => {
    const personas = await seedPersonas(t.database.db);
    const reply = await t.app.inject({
      url: '/api/docs/json',
      headers: await personas.headers('internalAdmin'),
    });
    expect(reply.statusCode).toBe(404);
  });
});
