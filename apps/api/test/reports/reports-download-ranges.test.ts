import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { listAuditEntries, markSessionHumanVerified, sha256Hex } from '@portal/db';
import { type ByteRange, LocalDiskStore } from '@portal/storage';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { waitFor } from '@portal/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReport, seedReportCatalog } from './fixtures.js';

// One report's download answers the conditional and partial requests of RFC 9110 (§13, §14):
// ETag and Repr-Digest (RFC 9530) from the stored SHA-256, HEAD, If-None-Match, Range with
// If-Range, 416; the bytes go out as stored whatever encoding the client accepts; a zip is as it
// was. The resumed transfer over a real socket, on disk and on S3: reports-download-resume.test.ts.

/** Local files, keeping every stream it hands out so a test can see whether each was closed. */
class WatchedStore extends LocalDiskStore {
  readonly opened: Readable[] = [];
  override async get(key: string, range?: ByteRange): Promise<Readable> {
    const stream = await super.get(key, range);
    this.opened.push(stream);
    return stream;
  }
}

describe('report download: validators, ranges and conditions', () => {
  let t: TestApp;
  let store: WatchedStore;
  let personas: SeededPersonas;
  let service: Record<string, string>;
  const csv = Buffer.from(Array.from({ length: 2000 }, (_, i) => `${i},${(i * 7) % 1000}.50\n`).join(''));
  const sha = createHash('sha256').update(csv).digest();
  const etag = `"${sha.toString('hex')}"`;
  const reprDigest = `sha-256=:${sha.toString('base64')}:`;
  const ids: Record<string, number> = {};

  const download = (id: number | string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: `/api/reports/download?reportId=${id}`, headers });
  const auditOf = (id: number) => listAuditEntries(t.database.db, 'report', String(id));

  beforeAll(async () => {
    store = new WatchedStore({ root: await mkdtemp(join(tmpdir(), 'portal-ranges-')) });
    t = await createTestApp({}, { blobStore: store });
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    service = await personas.headers('serviceAccount');
    const add = (fileName: string, body: Buffer, reportDate = '2026-11-19') =>
      addReport(t.database.db, t.app.blobStore, { reportDate, fileName, body });
    ids.csv = await add('SETTLEMENT_20261119.csv', csv);
    ids.head = await add('HEAD_20261119.csv', csv);
    ids.ranges = await add('RANGES_20261119.csv', csv);
    ids.other = await add('OTHER_20261119.csv', Buffer.from('a,b\n'));
  });
  afterAll(async () => {
    await t?.close();
    if (store) await rm(store.root, { recursive: true, force: true });
  });

  it('sends one report with a strong ETag, Repr-Digest and Accept-Ranges', async () => {
    const reply = await download(ids.csv as number, service);
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.equals(csv)).toBe(true);
    expect(reply.headers).toMatchObject({
      etag,
      'repr-digest': reprDigest,
      'accept-ranges': 'bytes',
      'content-length': String(csv.length),
      'content-type': 'text/csv',
      'cache-control': 'no-store',
    });
  });

  it('sends the bytes as stored to a client that accepts gzip, brotli or zstd, whole or in part', async () => {
    const accepting = { ...service, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const whole = await download(ids.csv as number, accepting);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(csv)).toBe(true);
    const part = await download(ids.csv as number, { ...accepting, range: 'bytes=100-' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(csv.subarray(100))).toBe(true);
  });

  it('sends a range with Content-Range, the digest of the whole file, and audits the one from byte 0', async () => {
    const first = await download(ids.ranges as number, { ...service, range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.rawPayload.equals(csv.subarray(0, 100))).toBe(true);
    expect(first.headers).toMatchObject({
      'content-range': `bytes 0-99/${csv.length}`,
      'content-length': '100',
      etag,
      'repr-digest': reprDigest,
      'content-disposition': `attachment; filename="RANGES_20261119.csv"; filename*=UTF-8''RANGES_20261119.csv`,
    });
    const rest = await download(ids.ranges as number, { ...service, range: 'bytes=100-', 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 100-${csv.length - 1}/${csv.length}`);
    expect(Buffer.concat([first.rawPayload, rest.rawPayload]).equals(csv)).toBe(true);
    // The continuation is not a download: a later whole download is the second and last entry.
    await download(ids.ranges as number, service);
    const entries = await waitFor('two downloads audited', async () => {
      const found = await auditOf(ids.ranges as number);
      return found.length >= 2 && found;
    });
    expect(entries.map((entry) => entry.detail)).toEqual([
      {
        reportIds: [ids.ranges],
        fileName: 'RANGES_20261119.csv',
        range: `bytes 0-99/${csv.length}`,
        bytesSent: 100,
        completed: true,
      },
      { reportIds: [ids.ranges], fileName: 'RANGES_20261119.csv', bytesSent: csv.length, completed: true },
    ]);
  });

  it('answers a range past the end with 416 and the size, and a malformed one with the whole file', async () => {
    const past = await download(ids.csv as number, { ...service, range: `bytes=${csv.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${csv.length}`);
    expect(past.json()).toEqual({ message: 'The requested range is not satisfiable.' });
    const malformed = await download(ids.csv as number, { ...service, range: 'bytes=5-1' });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.rawPayload.equals(csv)).toBe(true);
  });

  it('sends the whole file when If-Range names other bytes', async () => {
    const reply = await download(ids.csv as number, { ...service, range: 'bytes=100-', 'if-range': '"0ld"' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-range']).toBeUndefined();
    expect(reply.rawPayload.equals(csv)).toBe(true);
  });

  it('answers If-None-Match with the ETag by 304 and no body, other tags with the file', async () => {
    const same = await download(ids.csv as number, { ...service, 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['content-type']).toBeUndefined();
    const other = await download(ids.csv as number, { ...service, 'if-none-match': '"0ld"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(csv)).toBe(true);
  });

  it('answers HEAD with the headers of the whole file, no body, and no audit entry', async () => {
    const head = await download(ids.head as number, { ...service, range: 'bytes=0-9' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers).toMatchObject({
      'content-length': String(csv.length),
      etag,
      'repr-digest': reprDigest,
      'accept-ranges': 'bytes',
    });
    expect(
      (await download(ids.head as number, { ...service, 'if-none-match': etag }, 'HEAD')).statusCode,
    ).toBe(304);
    await download(ids.head as number, service);
    const entries = await waitFor('the download audited', async () => {
      const found = await auditOf(ids.head as number);
      return found.length > 0 && found;
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toMatchObject({ bytesSent: csv.length, completed: true });
  });

  it('lets a verified external user resume within the verification window, not after', async () => {
    const cookie = (await personas.sessionCookie('externalReports')) as string;
    const sessionHash = sha256Hex(cookie.split('=')[1] as string);
    await markSessionHumanVerified(t.database.db, sessionHash);
    const person = { cookie, 'x-requested-with': 'portal' };
    const first = await download(ids.csv as number, { ...person, range: 'bytes=0-999' });
    expect(first.statusCode).toBe(206);
    const rest = await download(ids.csv as number, { ...person, range: 'bytes=1000-', 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(Buffer.concat([first.rawPayload, rest.rawPayload]).equals(csv)).toBe(true);
    await t.database.db
      .updateTable('sessions')
      .set({ human_verified_at: new Date(Date.now() - 6 * 60_000) })
      .where('session_hash', '=', sessionHash)
      .execute();
    const late = await download(ids.csv as number, { ...person, range: 'bytes=1000-', 'if-range': etag });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('Please complete the human verification before downloading.');
  });

  it('keeps a deleted report gone, even once a file of its name is uploaded again', async () => {
    const id = await addReport(t.database.db, t.app.blobStore, {
      reportDate: '2026-11-18',
      fileName: 'GONE_20261118.csv',
      body: Buffer.from('first'),
    });
    const headers = await personas.headers('internalAdmin');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers });
    expect(removed.statusCode).toBe(200);
    const again = await addReport(t.database.db, t.app.blobStore, {
      reportDate: '2026-11-18',
      fileName: 'GONE_20261118.csv',
      body: Buffer.from('second'),
    });
    expect((await download(id, service)).statusCode).toBe(404);
    expect((await download(again, service)).rawPayload.toString()).toBe('second');
  });

  it('sends a zip as before: whole, whatever the Range, with no ETag', async () => {
    const query = `?reportId=${ids.csv},${ids.other}`;
    const whole = await t.app.inject({ url: `/api/reports/download${query}`, headers: service });
    const ranged = await t.app.inject({
      url: `/api/reports/download${query}`,
      headers: { ...service, range: 'bytes=10-' },
    });
    expect(ranged.statusCode).toBe(200);
    expect(ranged.headers['content-type']).toBe('application/zip');
    expect(ranged.headers.etag).toBeUndefined();
    expect(ranged.headers['accept-ranges']).toBeUndefined();
    expect(ranged.rawPayload.length).toBe(whole.rawPayload.length);
  });

  it('answers HEAD of one report without opening it, and of a zip closes the files it checked', async () => {
    store.opened.length = 0;
    const one = await download(ids.head as number, service, 'HEAD');
    expect(one.statusCode).toBe(200);
    expect(store.opened).toHaveLength(0);
    const zip = await download(`${ids.head},${ids.other}`, service, 'HEAD');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(store.opened).toHaveLength(2);
    await waitFor('the files a HEAD opened closed', () => store.opened.every((file) => file.closed));
    // Opened so that a missing file answers 404, as the GET would.
    const missing = await addReport(t.database.db, store, {
      reportDate: '2026-11-17',
      fileName: 'MISSING_20261117.csv',
      body: Buffer.from('x'),
    });
    await store.delete('Reports/EXT/BJS/SETTLEMENT/2026-11-17/MISSING_20261117.csv');
    for (const query of [`${missing}`, `${ids.other},${missing}`]) {
      expect((await download(query, service, 'HEAD')).statusCode, query).toBe(404);
    }
  });

  it('documents the statuses and headers in the OpenAPI document', async () => {
    const reply = await t.app.inject({
      url: '/api/docs/json',
      headers: await personas.headers('internalAdmin'),
    });
    const operation = reply.json().paths['/api/reports/download'].get;
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '206', '304', '400', '403', '404', '416']),
    );
    expect(Object.keys(operation.responses['200'].headers)).toEqual(
      expect.arrayContaining(['ETag', 'Repr-Digest', 'Accept-Ranges']),
    );
    expect(Object.keys(operation.responses['206'].headers)).toContain('Content-Range');
    expect(Object.keys(operation.responses['416'].headers)).toEqual(['Content-Range']);
    const headers = operation.parameters.filter((p: { in: string }) => p.in === 'header');
    expect(headers.map((p: { name: string }) => p.name).sort()).toEqual([
      'if-none-match',
      'if-range',
      'range',
    ]);
  });
});
