import { listAuditEntries } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReport, seedReportCatalog } from './fixtures.js';

type Part = { name: string; value: string | Buffer; fileName?: string };

function multipart(parts: Part[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.name}"; filename="${part.fileName}"`
      : `form-data; name="${part.name}"`;
    const type = part.fileName ? '\r\nContent-Type: application/octet-stream' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('report delete and upload', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ REPORT_UPLOAD_MAX_BYTES: '1000' });
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    const add = (fileName: string, partnerCode = 'BJS') =>
      addReport(t.database.db, t.app.blobStore, {
        partnerCode,
        reportDate: '2026-11-19',
        fileName,
        body: Buffer.from('x'),
      });
    ids.own = await add('to-delete.csv');
    ids.second = await add('second.csv');
    ids.other = await add('other.csv', 'OTH');
  });
  afterAll(async () => t?.close());

  const remove = async (id: number | string, persona: Parameters<SeededPersonas['headers']>[0]) =>
    t.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers: await personas.headers(persona) });

  it('soft-deletes for an internal admin: the row and the file stay, the list forgets it, the audit log records it', async () => {
    const reply = await remove(ids.own as number, 'internalAdmin');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ reportId: ids.own, deleted: true });
    const row = await t.database.db
      .selectFrom('reports')
      .select(['deleted_at', 'deleted_by', 'storage_key'])
      .where('report_id', '=', ids.own as number)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.deleted_by).toBe('E100001');
    expect(await t.app.blobStore.exists(row.storage_key)).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/reports/EXT/BJS/SETTLEMENT',
      headers: await personas.headers('internalAdmin'),
    });
    expect(list.json().reports.DLY.map((r: { id: number }) => r.id)).toEqual([ids.second]);
    const [audit] = await listAuditEntries(t.database.db, 'report', String(ids.own));
    expect(audit).toMatchObject({ action: 'REPORT_DELETE', actor_user_id: 'E100001' });
    expect(audit?.before).toMatchObject({ fileName: 'to-delete.csv', reportDate: '2026-11-19' });
    // Deleted once: a second delete finds nothing.
    expect((await remove(ids.own as number, 'internalAdmin')).statusCode).toBe(404);
  });

  it('refuses users without DELETE_REPORTS, and bad ids', async () => {
    expect((await remove(ids.second as number, 'externalReports')).statusCode).toBe(403);
    expect((await remove(ids.second as number, 'serviceAccount')).statusCode).toBe(403);
    expect((await remove(ids.second as number, 'anonymous')).statusCode).toBe(401);
    expect((await remove('abc', 'internalAdmin')).statusCode).toBe(400);
    expect((await remove(123_456, 'internalAdmin')).statusCode).toBe(404);
  });

  it('refuses a DELETE_REPORTS user a report of another partner (IDOR)', async () => {
    await t.database.db
      .insertInto('user_features')
      .values({ user_id: 'partner@demo.portal', feature: 'DELETE_REPORTS' })
      .execute();
    const reply = await remove(ids.other as number, 'externalReports');
    expect(reply.statusCode).toBe(403);
    const row = await t.database.db
      .selectFrom('reports')
      .select('deleted_at')
      .where('report_id', '=', ids.other as number)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
    expect((await remove(ids.second as number, 'externalReports')).statusCode).toBe(200);
  });

  const upload = async (
    persona: Parameters<SeededPersonas['headers']>[0],
    parts: Part[],
    path = 'EXT/BJS/ACCOUNTS',
  ) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/reports/${path}/upload`,
      payload: body.payload,
      headers: { ...(await personas.headers(persona)), 'content-type': body.contentType },
    });
  };

  it('takes a file from a service account, streamed into storage, and supersedes a re-upload', async () => {
    const parts = (content: string): Part[] => [
      { name: 'reportDate', value: '2026-11-20' },
      { name: 'frequencyTypeCode', value: 'WLY' },
      { name: 'file', value: content, fileName: 'ACC_W.csv' },
    ];
    const first = await upload('serviceAccount', parts('a,b\n1,2\n'));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      fileName: 'ACC_W.csv',
      rawSize: 8,
      reportDate: '2026-11-20',
      frequencyType: 'WLY',
      supersededReportId: null,
    });
    const second = await upload('serviceAccount', parts('a,b\n3,4\n5,6\n'));
    expect(second.statusCode).toBe(201);
    expect(second.json().supersededReportId).toBe(first.json().reportId);
    const stored = await t.app.blobStore.get('Reports/EXT/BJS/ACCOUNTS/2026-11-20/ACC_W.csv');
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('a,b\n3,4\n5,6\n');
    const audit = await listAuditEntries(t.database.db, 'report', String(second.json().reportId));
    expect(audit[0]).toMatchObject({ action: 'REPORT_UPLOAD', actor_user_id: 'svc-reports' });
  });

  it.each([
    ['no report date', [{ name: 'file', value: 'x', fileName: 'a.csv' }], 400],
    [
      'the date after the file',
      [
        { name: 'file', value: 'x', fileName: 'a.csv' },
        { name: 'reportDate', value: '2026-11-20' },
      ],
      400,
    ],
    [
      'an impossible date',
      [
        { name: 'reportDate', value: '2026-02-30' },
        { name: 'file', value: 'x', fileName: 'a.csv' },
      ],
      400,
    ],
    ['no file', [{ name: 'reportDate', value: '2026-11-20' }], 400],
    [
      'a frequency type the category lacks',
      [
        { name: 'reportDate', value: '2026-11-20' },
        { name: 'frequencyTypeCode', value: 'MLY' },
        { name: 'file', value: 'x', fileName: 'a.csv' },
      ],
      400,
    ],
    [
      'two frequency types and none chosen',
      [
        { name: 'reportDate', value: '2026-11-20' },
        { name: 'file', value: 'x', fileName: 'a.csv' },
      ],
      400,
    ],
    [
      'a file name that climbs out',
      [
        { name: 'reportDate', value: '2026-11-20' },
        { name: 'frequencyTypeCode', value: 'DLY' },
        { name: 'file', value: 'x', fileName: '..' },
      ],
      400,
    ],
    [
      'a file over the size limit',
      [
        { name: 'reportDate', value: '2026-11-20' },
        { name: 'frequencyTypeCode', value: 'DLY' },
        { name: 'file', value: Buffer.alloc(5000), fileName: 'big.csv' },
      ],
      413,
    ],
  ] as Array<[string, Part[], number]>)('answers %s with a 4xx message', async (_label, parts, status) => {
    const reply = await upload('serviceAccount', parts);
    expect(reply.statusCode).toBe(status);
    expect(typeof reply.json().message).toBe('string');
  });

  it('refuses people, other partners and unknown categories', async () => {
    const parts: Part[] = [
      { name: 'reportDate', value: '2026-11-20' },
      { name: 'file', value: 'x', fileName: 'a.csv' },
    ];
    const person = await upload('externalReports', parts, 'EXT/BJS/SETTLEMENT');
    expect(person.statusCode).toBe(403);
    expect(person.json().message).toBe('Only service accounts may upload reports.');
    expect((await upload('internalAdmin', parts, 'EXT/BJS/SETTLEMENT')).statusCode).toBe(403);
    expect((await upload('serviceAccount', parts, 'EXT/OTH/SETTLEMENT')).statusCode).toBe(403);
    expect((await upload('serviceAccount', parts, 'EXT/BJS/NOPE')).statusCode).toBe(400);
    const none = await t.database.db
      .selectFrom('reports')
      .select('report_id')
      .where('file_name', '=', 'a.csv')
      .execute();
    expect(none).toEqual([]);
  });
});
