import { claimBatch, finishBatch } from '@portal/db';
import { batchFileKey } from '@portal/domain';
import { batchInstant } from '@portal/domain/forms/form-batch';
import { LocalDiskStore } from '@portal/storage';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The Batches view's calls: both kinds listed newest first with their counts, and one batch's file
// found by kind and date.

let t: TestApp;
let personas: SeededPersonas;
const FILE = 'record_id,batch_date\r\nTRAILER,2026-11-23,0,0,abc\r\n';

async function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: await personas.headers('internalOperations') });
}

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  for (const [kind, date, count] of [
    ['disputes', '2026-11-23', 3],
    ['invoices', '2026-11-23', 2],
    ['disputes', '2026-11-20', 1],
  ] as const) {
    const at = batchInstant(kind, date);
    const batchId = await claimBatch(t.database.db, kind, {
      batchDate: date,
      scheduledFor: at,
      startedAt: at,
      late: false,
    });
    const key = batchFileKey(kind, date);
    await finishBatch(t.database.db, kind, batchId!, {
      recordCount: count,
      totalCents: count * 100,
      storageKey: key,
      checksum: 'abc',
      finishedAt: at,
    });
  }
  await new LocalDiskStore({ root: t.filesDir }).put(
    batchFileKey('disputes', '2026-11-23'),
    Buffer.from(FILE),
    {
      contentType: 'text/csv',
    },
  );
});
afterAll(async () => t?.close());

it('lists the batches of both kinds, newest first, disputes before invoices on a day', async () => {
  const reply = await get('/api/form/batches');
  expect(reply.statusCode).toBe(200);
  expect(reply.json()).toMatchObject([
    { kind: 'disputes', batchDate: '2026-11-23', recordCount: 3, totalCents: 300, status: 'completed' },
    { kind: 'invoices', batchDate: '2026-11-23', recordCount: 2, totalCents: null },
    { kind: 'disputes', batchDate: '2026-11-20', recordCount: 1, totalCents: 100 },
  ]);
});

it('downloads the file of one batch, and answers 404 for a day without one', async () => {
  const file = await get('/api/form/batches/disputes/2026-11-23/file');
  expect(file.statusCode).toBe(200);
  expect(file.body).toBe(FILE);
  expect(file.headers['content-disposition']).toContain('disputes-batch-2026-11-23.csv');
  // The invoice batch's row names a file that was never stored; the 24th has no batch at all.
  expect((await get('/api/form/batches/invoices/2026-11-23/file')).statusCode).toBe(404);
  expect((await get('/api/form/batches/disputes/2026-11-24/file')).statusCode).toBe(404);
});
