import { createHash } from 'node:crypto';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listAuditEntries } from '@portal/db';
import { type BlobStore, S3Store } from '@portal/storage';
import { startS3rver } from '@portal/testing';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { waitFor } from '@portal/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReport, seedReportCatalog } from './fixtures.js';

// A partner's system downloads a report of several MB over a real socket, the connection breaks
// half-way, and it resumes with Range and If-Range: the bytes put together match Repr-Digest, and
// the audit log holds one download. Once the file has been replaced by a re-upload, the same
// resume gets the whole new file. On local disk and on S3 (s3rver: a ranged GetObject).

/** A csv of about `megabytes` MB whose rows all differ, so a misplaced range cannot go unseen. */
function csvOf(megabytes: number, seed: number): Buffer {
  const rows: string[] = ['row,store,amount\n'];
  let size = rows[0]?.length ?? 0;
  for (let i = 0; size < megabytes * 1024 * 1024; i++) {
    const row = `${i},${(i * 7919 + seed) % 100_000},${((i * 31 + seed) % 100_000) / 100}\n`;
    rows.push(row);
    size += row.length;
  }
  return Buffer.from(rows.join(''));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** The digest of a Repr-Digest field: sha-256=:<base64>: (RFC 9530). */
function reprDigestOf(headers: IncomingHttpHeaders): Buffer {
  const match = /^sha-256=:([A-Za-z0-9+/=]+):$/.exec(String(headers['repr-digest']));
  if (!match?.[1]) throw new Error(`no sha-256 Repr-Digest in ${headers['repr-digest']}`);
  return Buffer.from(match[1], 'base64');
}

type Received = { status: number; headers: IncomingHttpHeaders; body: Buffer; broken: boolean };

/**
 * A GET on a connection of its own; with `breakAfter`, the client drops the connection once that
 * many bytes of the body have arrived, and keeps what it got, as a transfer cut by the network.
 */
function download(url: string, headers: Record<string, string>, breakAfter = Infinity): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      const done = (broken: boolean) =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          broken,
        });
      response.on('data', (chunk: Buffer) => {
        if (request.destroyed) return;
        chunks.push(chunk);
        length += chunk.length;
        if (length >= breakAfter) {
          request.destroy();
          done(true);
        }
      });
      response.on('end', () => done(false));
      // The dropped connection's own complaint, after the bytes were kept.
      response.on('error', () => {});
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

type Storage = { store?: BlobStore; stop(): Promise<void> };

const STORAGES: Array<[string, () => Promise<Storage>]> = [
  ['local disk', async () => ({ stop: async () => {} })],
  [
    'S3 (s3rver)',
    async () => {
      const s3 = await startS3rver('portal-files');
      const store = new S3Store({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: s3.credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        partSize: 5 * 1024 * 1024,
      });
      return {
        store,
        async stop() {
          store.client.destroy();
          await s3.stop();
        },
      };
    },
  ],
];

describe.each(STORAGES)('a broken download resumed, on %s', (_name, startStorage) => {
  let storage: Storage;
  let t: TestApp;
  let personas: SeededPersonas;
  let service: Record<string, string>;
  let origin: string;
  const large = csvOf(12, 1);
  const replacement = csvOf(6, 2);
  const ids: Record<string, number> = {};

  const urlOf = (id: number) => `${origin}/api/reports/download?reportId=${id}`;
  const auditOf = (id: number) => listAuditEntries(t.database.db, 'report', String(id));
  const add = (fileName: string, body: Buffer) =>
    addReport(t.database.db, t.app.blobStore, { reportDate: '2026-11-20', fileName, body });

  /** Downloads a small report whole and waits for its entry: every audit written before is in by then. */
  async function auditsSettled() {
    const marker = await add(`MARKER_${Date.now()}.csv`, Buffer.from('marker\n'));
    expect((await download(urlOf(marker), service)).status).toBe(200);
    await waitFor('the marker download audited', async () => (await auditOf(marker)).length === 1);
  }

  beforeAll(async () => {
    storage = await startStorage();
    t = await createTestApp({}, storage.store ? { blobStore: storage.store } : {});
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    service = await personas.headers('serviceAccount');
    ids.large = await add('SETTLEMENT_20261120.csv', large);
    ids.replaced = await add('REPLACED_20261120.csv', large);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await storage?.stop();
  });

  it('resumes with Range and If-Range; the bytes put together match Repr-Digest; one download audited', async () => {
    const id = ids.large as number;
    const first = await download(urlOf(id), service, 3 * 1024 * 1024);
    expect(first.status).toBe(200);
    expect(first.broken).toBe(true);
    expect(first.body.length).toBeLessThan(large.length);
    expect(first.headers['accept-ranges']).toBe('bytes');
    const etag = String(first.headers.etag);
    expect(etag).toBe(`"${sha256(large).toString('hex')}"`);

    const held = first.body.length;
    const rest = await download(urlOf(id), { ...service, range: `bytes=${held}-`, 'if-range': etag });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${held}-${large.length - 1}/${large.length}`);
    expect(rest.headers['content-length']).toBe(String(large.length - held));
    expect(rest.headers.etag).toBe(etag);
    const whole = Buffer.concat([first.body, rest.body]);
    expect(sha256(whole).equals(reprDigestOf(rest.headers))).toBe(true);
    expect(reprDigestOf(first.headers).equals(reprDigestOf(rest.headers))).toBe(true);
    expect(whole.equals(large)).toBe(true);

    await auditsSettled();
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ action: 'REPORT_DOWNLOAD', actor_user_id: 'svc-reports' });
    const detail = entry?.detail as Record<string, unknown>;
    expect(detail).toMatchObject({ reportIds: [id], fileName: 'SETTLEMENT_20261120.csv' });
    expect(detail).not.toHaveProperty('range');
    // The server counts what it handed to the socket: at least what the client kept.
    expect(detail.bytesSent).toBeGreaterThanOrEqual(held);
  });

  it('sends the whole new file to a resume with If-Range once a re-upload has replaced the report', async () => {
    const id = ids.replaced as number;
    const first = await download(urlOf(id), service, 1024 * 1024);
    expect(first.broken).toBe(true);
    const oldTag = String(first.headers.etag);
    const newId = await add('REPLACED_20261120.csv', replacement);
    expect(newId).not.toBe(id);

    const resumed = await download(urlOf(id), {
      ...service,
      range: `bytes=${first.body.length}-`,
      'if-range': oldTag,
    });
    expect(resumed.status).toBe(200);
    expect(resumed.headers['content-range']).toBeUndefined();
    expect(resumed.headers.etag).toBe(`"${sha256(replacement).toString('hex')}"`);
    expect(resumed.body.equals(replacement)).toBe(true);
    expect(sha256(resumed.body).equals(reprDigestOf(resumed.headers))).toBe(true);

    // A new download, of the report that holds the file now.
    await auditsSettled();
    expect(await auditOf(id)).toHaveLength(1);
    const entries = await auditOf(newId);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toMatchObject({ reportIds: [newId], bytesSent: replacement.length });
  });
});
