import { readFile } from 'node:fs/promises';
import { markSessionHumanVerified, sha256Hex } from '@portal/db';
import { createBlobStore, S3Store } from '@portal/storage';
import { type RunningS3rver, startS3rver } from '@portal/testing';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { seedReportCatalog, twoSheetXlsx } from './fixtures.js';
import { unzip } from './unzip.js';

// The report flows with their files in a bucket of s3rver (an S3 implementation on npm, not ours)
// rather than on local disk: upload, preview, one download, a zip of three, delete.
const MIN_PART_SIZE = 5 * 1024 * 1024;
const FOLDER = 'Reports/EXT/BJS/ACCOUNTS/2026-11-20';

/** A multipart/form-data body with the fields in order, as the upload wants them (date before file). */
async function form(fields: Record<string, string>, fileName: string, bytes: Buffer) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

describe('reports on S3 (s3rver)', () => {
  let s3: RunningS3rver;
  let store: S3Store;
  let t: TestApp;
  let personas: SeededPersonas;
  let verified: Record<string, string>;
  const files: Record<string, Buffer> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    s3 = await startS3rver('portal-files');
    store = new S3Store({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      partSize: MIN_PART_SIZE,
    });
    t = await createTestApp({}, { blobStore: store });
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    const cookie = (await personas.sessionCookie('externalReports')) as string;
    await markSessionHumanVerified(t.database.db, sha256Hex(cookie.split('=')[1] as string));
    verified = { cookie, 'x-requested-with': 'portal' };

    files['accounts.csv'] = Buffer.from('account,status\n1234,open\n5678,closed\n');
    files['summary.xlsx'] = await twoSheetXlsx();
    // Past one part, so the upload reaches s3rver as a multipart upload.
    files['large.csv'] = Buffer.from(`${'store,amount\n'}${'101,12.50\n'.repeat(560_000)}`);
  });
  afterAll(async () => {
    await t?.close();
    store?.client.destroy();
    await s3?.stop();
  });

  const download = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/reports/download${query}`, headers: verified });

  it('takes uploads from a service account into the bucket, byte for byte', async () => {
    for (const [fileName, bytes] of Object.entries(files)) {
      const body = await form({ reportDate: '2026-11-20', frequencyTypeCode: 'DLY' }, fileName, bytes);
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/reports/EXT/BJS/ACCOUNTS/upload',
        payload: body.payload,
        headers: { ...(await personas.headers('serviceAccount')), 'content-type': body.contentType },
      });
      expect(reply.statusCode, fileName).toBe(201);
      expect(reply.json()).toMatchObject({ fileName, rawSize: bytes.length });
      ids[fileName] = reply.json().reportId;
      expect((await readFile(s3.objectFile(`${FOLDER}/${fileName}`))).equals(bytes), fileName).toBe(true);
    }
  });

  it('previews a csv and an xlsx read from the bucket', async () => {
    const view = async (fileName: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reports/view/${ids[fileName]}`,
        headers: await personas.headers('externalReports'),
      });
    const csv = await view('accounts.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.json().worksheets[0].rows).toEqual([
      ['account', 'status'],
      ['1234', 'open'],
      ['5678', 'closed'],
    ]);
    const xlsx = await view('summary.xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.json().worksheets.map((sheet: { name: string }) => sheet.name)).toEqual([
      'Summary',
      'Detail',
    ]);
  });

  it('downloads one report as itself', async () => {
    const reply = await download(`?reportId=${ids['large.csv']}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv');
    expect(reply.headers['content-length']).toBe(String(files['large.csv']?.length));
    expect(reply.rawPayload.equals(files['large.csv'] as Buffer)).toBe(true);
  });

  it('zips three reports streamed from the bucket', async () => {
    const reply = await download(`?reportId=${Object.values(ids).join(',')}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    const zipped = unzip(reply.rawPayload);
    expect([...zipped.keys()].sort()).toEqual(Object.keys(files).sort());
    for (const [fileName, bytes] of Object.entries(files)) {
      expect(zipped.get(fileName)?.equals(bytes), fileName).toBe(true);
    }
  });

  it('deletes a report: it can no longer be listed, viewed or downloaded, and its object stays', async () => {
    const id = ids['accounts.csv'] as number;
    const remove = async () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/reports/${id}`,
        headers: await personas.headers('internalAdmin'),
      });
    const reply = await remove();
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ reportId: id, deleted: true });
    expect((await remove()).statusCode).toBe(404);
    expect((await download(`?reportId=${id}`)).statusCode).toBe(404);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/reports/view/${id}`,
      headers: await personas.headers('externalReports'),
    });
    expect(view.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/reports/EXT/BJS/ACCOUNTS',
      headers: await personas.headers('externalReports'),
    });
    const listed = Object.values(list.json().reports as Record<string, Array<{ id: number }>>).flat();
    expect(listed.map((report) => report.id).sort()).toEqual([ids['summary.xlsx'], ids['large.csv']].sort());
    // A soft delete, as on local disk: the file stays for the audit trail.
    expect(await store.exists(`${FOLDER}/accounts.csv`)).toBe(true);
  });

  it('builds the same store from the settings the API starts with', async () => {
    const fromSettings = createBlobStore(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        S3_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      }),
    );
    expect(fromSettings).toBeInstanceOf(S3Store);
    const client = (fromSettings as S3Store).client;
    try {
      expect(await client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
      expect(client.config.forcePathStyle).toBe(true);
      expect(await fromSettings.stat(`${FOLDER}/large.csv`)).toMatchObject({
        size: files['large.csv']?.length,
      });
    } finally {
      client.destroy();
    }
  });

  it('answers 404, not a cut-off body, when an object has left the bucket behind the portal', async () => {
    await store.delete(`${FOLDER}/summary.xlsx`);
    const reply = await download(`?reportId=${ids['summary.xlsx']}`);
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('The file of this report is missing.');
  });
});
