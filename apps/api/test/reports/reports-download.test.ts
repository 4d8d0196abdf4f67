import { listAuditEntries, markSessionHumanVerified, sha256Hex } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { waitFor } from '@portal/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReport, seedReportCatalog, twoSheetXlsx } from './fixtures.js';
import { unzip } from './unzip.js';

// GET /api/reports/download (SPEC.md §4, §5, §7): one file as itself, two or three as a zip,
// every bad input a 4xx with a JSON message, partner scoping, human verification, audit.
describe('report download', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let verified: Record<string, string>;
  let unverified: Record<string, string>;
  const ids: Record<string, number> = {};
  const files: Record<string, Buffer> = {};

  const download = (query: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/reports/download${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    files.xlsx = await twoSheetXlsx();
    files.csv = Buffer.from('store,amount\n101,12.50\n');
    files.unicode = Buffer.from('€,ü\n');
    files.other = Buffer.from('secret,of,another,partner\n');
    const add = (r: Parameters<typeof addReport>[2]) => addReport(t.database.db, t.app.blobStore, r);
    ids.xlsx = await add({
      reportDate: '2026-11-19',
      fileName: 'SETTLEMENT_20261119.xlsx',
      body: files.xlsx,
    });
    ids.csv = await add({ reportDate: '2026-11-19', fileName: 'SETTLEMENT_20261119.csv', body: files.csv });
    ids.unicode = await add({
      reportDate: '2026-11-18',
      fileName: 'Relevé "mensuel" €.csv',
      body: files.unicode,
    });
    ids.fourth = await add({ reportDate: '2026-11-17', fileName: 'fourth.csv', body: Buffer.from('4') });
    ids.other = await add({
      partnerCode: 'OTH',
      reportDate: '2026-11-19',
      fileName: 'OTH.csv',
      body: files.other,
    });

    const verifiedCookie = (await personas.sessionCookie('externalReports')) as string;
    await markSessionHumanVerified(t.database.db, sha256Hex(verifiedCookie.split('=')[1] as string));
    verified = { cookie: verifiedCookie, 'x-requested-with': 'portal' };
    unverified = await personas.headers('externalReports');
  });
  afterAll(async () => t?.close());

  it('streams one report as the file itself, named in content-disposition', async () => {
    const reply = await download(`?reportId=${ids.csv}`, verified);
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.equals(files.csv as Buffer)).toBe(true);
    expect(reply.headers['content-type']).toBe('text/csv');
    expect(reply.headers['content-length']).toBe(String(files.csv?.length));
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="SETTLEMENT_20261119.csv"; filename*=UTF-8''SETTLEMENT_20261119.csv`,
    );
  });

  it('encodes a file name beyond ASCII as RFC 5987 with an ASCII fallback', async () => {
    const reply = await download(`?reportId=${ids.unicode}`, verified);
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="Relev_ _mensuel_ _.csv"; filename*=UTF-8''Relev%C3%A9%20%22mensuel%22%20%E2%82%AC.csv`,
    );
  });

  it('zips two or three reports, holding exactly the selected files', async () => {
    for (const query of [
      `?reportId=${ids.xlsx}&reportId=${ids.csv}&reportId=${ids.unicode}`,
      `?reportId=${ids.xlsx},${ids.csv},${ids.unicode}`,
      `?reportId=${ids.xlsx},${ids.csv}&reportId=${ids.unicode}`,
    ]) {
      const reply = await download(query, verified);
      expect(reply.statusCode, query).toBe(200);
      expect(reply.headers['content-type']).toBe('application/zip');
      expect(reply.headers['content-disposition']).toContain('filename="BJS_SETTLEMENT_reports.zip"');
      const zipped = unzip(reply.rawPayload);
      expect([...zipped.keys()].sort()).toEqual(
        ['Relevé "mensuel" €.csv', 'SETTLEMENT_20261119.csv', 'SETTLEMENT_20261119.xlsx'].sort(),
      );
      expect(zipped.get('SETTLEMENT_20261119.xlsx')?.equals(files.xlsx as Buffer)).toBe(true);
      expect(zipped.get('SETTLEMENT_20261119.csv')?.equals(files.csv as Buffer)).toBe(true);
      expect(zipped.get('Relevé "mensuel" €.csv')?.equals(files.unicode as Buffer)).toBe(true);
    }
    const two = unzip((await download(`?reportId=${ids.csv},${ids.xlsx}`, verified)).rawPayload);
    expect([...two.keys()].sort()).toEqual(['SETTLEMENT_20261119.csv', 'SETTLEMENT_20261119.xlsx']);
  });

  it.each([
    ['no id', '', 400, 'Select between 1 and 3 reports to download.'],
    ['an empty id', '?reportId=', 400, 'Select between 1 and 3 reports to download.'],
    ['four ids', '?reportId=1,2,3,4', 400, 'Select between 1 and 3 reports to download.'],
    ['a word', '?reportId=abc', 400, 'A report id is a whole number.'],
    ['a negative id', '?reportId=-5', 400, 'A report id is a whole number.'],
    ['an id past integer', '?reportId=99999999999', 400, 'A report id is a whole number.'],
    ['an unknown id', '?reportId=987654', 404, 'The report was not found.'],
  ])('answers %s with a JSON message', async (_label, query, status, message) => {
    const reply = await download(query, verified);
    expect(reply.statusCode).toBe(status);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(reply.json().message).toBe(message);
  });

  it('counts four distinct ids even when written twice, and one id repeated as one', async () => {
    const repeated = await download(`?reportId=${ids.csv}&reportId=${ids.csv}`, verified);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.headers['content-type']).toBe('text/csv');
    const four = await download(`?reportId=${ids.xlsx},${ids.csv},${ids.unicode},${ids.fourth}`, verified);
    expect(four.statusCode).toBe(400);
  });

  it('refuses a report of a partner the user may not see, alone or among their own (IDOR)', async () => {
    for (const query of [`?reportId=${ids.other}`, `?reportId=${ids.csv},${ids.other}`]) {
      const reply = await download(query, verified);
      expect(reply.statusCode, query).toBe(403);
      expect(reply.json().message).toBe('Access to this place or content is restricted.');
      expect(reply.rawPayload.includes('secret')).toBe(false);
    }
  });

  it('refuses an external user who skipped human verification', async () => {
    const reply = await download(`?reportId=${ids.csv}`, unverified);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe('Please complete the human verification before downloading.');
  });

  it('refuses a verification that is no longer fresh', async () => {
    const cookie = (await personas.sessionCookie('externalReports')) as string;
    await t.database.db
      .updateTable('sessions')
      .set({ human_verified_at: new Date(Date.now() - 6 * 60_000) })
      .where('session_hash', '=', sha256Hex(cookie.split('=')[1] as string))
      .execute();
    const reply = await download(`?reportId=${ids.csv}`, { cookie, 'x-requested-with': 'portal' });
    expect(reply.statusCode).toBe(403);
  });

  it('lets internal users and service accounts download without verification', async () => {
    expect(
      (await download(`?reportId=${ids.other}`, await personas.headers('internalAdmin'))).statusCode,
    ).toBe(200);
    expect(
      (await download(`?reportId=${ids.csv}`, await personas.headers('serviceAccount'))).statusCode,
    ).toBe(200);
  });

  it('records who downloaded which reports and the bytes sent', async () => {
    await download(`?reportId=${ids.fourth}`, verified);
    // Audited once the reply is over, after the answer reached the client.
    const entries = await waitFor('the download audited', async () => {
      const found = await listAuditEntries(t.database.db, 'report', String(ids.fourth));
      return found.length > 0 && found;
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_user_id: 'partner@demo.portal',
      action: 'REPORT_DOWNLOAD',
      detail: { reportIds: [ids.fourth], fileName: 'fourth.csv', bytesSent: 1, completed: true },
    });
  });
});
