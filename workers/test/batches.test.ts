import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimBatch, connect, type DatabaseHandle, finishBatch, insertDisputes } from '@portal/db';
import { createTestDatabase, type TestDatabase } from '@portal/db/testing';
import { batchFileKey, type NormalizedDispute } from '@portal/domain';
import { easternInstant } from '@portal/domain/eastern-time';
import { batchDateOf, batchInstant } from '@portal/domain/form-batch';
import { collectList, LocalDiskStore } from '@portal/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatch } from '../src/batches/run-batch.js';
import { DEFAULT_MAIL_FROM } from '../src/mail/send-mail.js';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';
import {
  quietLogger,
  REDIS_URL,
  randomPrefix,
  startSmtpServer,
  type TestSmtpServer,
  waitFor,
} from './helpers.js';

// The 8PM ET dispute batch with real Postgres, Redis and SMTP. Monday 2026-11-23 at 20:00 ET,
// two worker processes: one batch, one file, one summary mail; the entry of 19:59:59 is in it,
// the entry of 20:00:00 waits for Tuesday. Then a worker killed between writing Tuesday's file
// and committing, and its re-run (twice at once); then a batch missed while no worker ran.
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const MAILBOX = 'operations@portal.test';
const prefix = randomPrefix();
const crashScript = fileURLToPath(new URL('./fixtures/crash-batch.ts', import.meta.url));

let t: TestDatabase;
let smtp: TestSmtpServer;
let mailDir: string;
let storeDir: string;
let store: LocalDiskStore;
let handles: DatabaseHandle[] = [];
let workers: RunningWorkers[] = [];

const dispute = (amountCents: number, merchantId: string): NormalizedDispute => ({
  messageType: 'outcome-chargeback',
  customerId: '1001',
  bin: '630220',
  messageDate: '2026-11-20',
  disputeReasonDesc: 'late presentment',
  transactionDate: '2026-11-10',
  lastFourCardNum: '4242',
  disputeAmountCents: amountCents,
  transactionAmountCents: amountCents * 2,
  issuerClaimId: 'IC',
  issuerClaimTransactionId: 'ICT',
  merchantId,
  acquirerRefId: 'ARN',
  acquirerClaimId: 'AC',
  chargebackReferenceId: 'CB',
});

/** An entry made at `at`, in the batch the shared rule gives it. */
async function fileDispute(at: Date, amountCents: number, merchantId: string) {
  const [created] = await insertDisputes(t.db, [dispute(amountCents, merchantId)], {
    retailer: 'bjs',
    batchDate: batchDateOf('disputes', at),
    createdBy: 'E100002',
    createdAt: at,
  });
  return created!;
}

async function startWorkerProcess(now: Date) {
  const handle = connect({ databaseUrl: t.url, maxConnections: 4 });
  handles.push(handle);
  workers.push(
    await startWorkers({
      handle,
      redisUrl: REDIS_URL,
      prefix,
      mailConfig: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir },
      logger: quietLogger,
      relay: { pollMs: 100 },
      now: () => now,
      store,
      operationsMailbox: MAILBOX,
    }),
  );
}

async function stopWorkerProcesses() {
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(handles.map((h) => h.close()));
  workers = [];
  handles = [];
}

const batchRows = (date: string) =>
  t.db.selectFrom('dispute_batches').selectAll().where('batch_date', '=', date).execute();
const summaries = (date: string) =>
  smtp.messages.filter((m) =>
    m.subject?.includes(`Retailer disputes batch of ${date.slice(5, 7)}/${date.slice(8, 10)}/`),
  );

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  storeDir = await mkdtemp(join(tmpdir(), 'portal-batches-'));
  store = new LocalDiskStore({ root: storeDir });
  // Friday's batches ran: a worker starting on Monday has nothing older to catch up.
  for (const kind of ['disputes', 'invoices'] as const) {
    const batchId = await claimBatch(t.db, kind, {
      batchDate: '2026-11-20',
      scheduledFor: batchInstant(kind, '2026-11-20'),
      startedAt: batchInstant(kind, '2026-11-20'),
      late: false,
    });
    await finishBatch(t.db, kind, batchId!, {
      recordCount: 0,
      totalCents: 0,
      storageKey: 'none',
      checksum: 'none',
      finishedAt: batchInstant(kind, '2026-11-20'),
    });
  }
});

afterAll(async () => {
  await stopWorkerProcesses();
  await smtp?.close();
  await t?.drop();
  await rm(mailDir, { recursive: true, force: true });
  await rm(storeDir, { recursive: true, force: true });
});

describe('the 8PM ET dispute batch', () => {
  it('two workers at 20:00 ET make one batch and one file; 19:59:59 is in it, 20:00:00 is not; one mail', async () => {
    const eight = easternInstant(MONDAY, 20, 0);
    const before = await fileDispute(new Date(eight.getTime() - 1000), 12_345, 'IN-TIME');
    const atCutoff = await fileDispute(eight, 500, 'AT-CUTOFF');
    expect(before.batchDate).toBe(MONDAY);
    expect(atCutoff.batchDate).toBe(TUESDAY);

    await startWorkerProcess(eight);
    await startWorkerProcess(eight);
    const [batch] = await waitFor('the Monday batch', async () => {
      const rows = await batchRows(MONDAY);
      return rows[0]?.status === 'completed' && rows;
    });
    await waitFor('the summary mail', () => summaries(MONDAY).length === 1);

    expect(await batchRows(MONDAY)).toHaveLength(1);
    expect(batch).toMatchObject({ dispute_count: 1, total_cents: 12345, late: false });
    const files = await collectList(store, 'batches/disputes/');
    expect(files.map((f) => f.key)).toEqual([batchFileKey('disputes', MONDAY)]);
    const text = await readFile(join(storeDir, batchFileKey('disputes', MONDAY)), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('IN-TIME');
    expect(text).not.toContain('AT-CUTOFF');
    const body = text.slice(0, text.lastIndexOf('TRAILER'));
    expect(lines[2]).toBe(`TRAILER,${MONDAY},1,12345,${createHash('sha256').update(body).digest('hex')}`);
    expect(batch?.checksum_sha256).toBe(createHash('sha256').update(text).digest('hex'));

    const records = await t.db
      .selectFrom('disputes')
      .select(['record_id', 'batch_id'])
      .orderBy('record_id')
      .execute();
    expect(records).toEqual([
      { record_id: before.recordId, batch_id: batch?.batch_id },
      { record_id: atCutoff.recordId, batch_id: null },
    ]);
    const [mail] = summaries(MONDAY);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(MAILBOX);
    expect(mail?.text).toContain('1 record, $123.45 disputed');
    const outbox = await t.db
      .selectFrom('outbox')
      .select('job_id')
      .where('job_name', '=', 'mail.send')
      .execute();
    expect(outbox).toEqual([{ job_id: `disputes-batch-${MONDAY}-summary` }]);
    await stopWorkerProcesses();
    expect(summaries(MONDAY)).toHaveLength(1);
  });

  it('a worker killed after writing the file and before committing leaves nothing; the re-run writes the same file once', async () => {
    const entry = await fileDispute(easternInstant(TUESDAY, 9, 30), 999, 'TUESDAY');
    const child = spawn(process.execPath, ['--import', 'tsx', crashScript, t.url, storeDir, TUESDAY], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect({ code, signal, stderr }).toMatchObject({ signal: 'SIGKILL' });

    const key = batchFileKey('disputes', TUESDAY);
    const written = await readFile(join(storeDir, key));
    expect(written.toString()).toContain('TUESDAY');
    expect(await batchRows(TUESDAY)).toEqual([]);
    const pending = await t.db
      .selectFrom('disputes')
      .select('batch_id')
      .where('record_id', '=', entry.recordId)
      .executeTakeFirstOrThrow();
    expect(pending.batch_id).toBeNull();

    // The re-run, by two workers at once: one runs it, the other finds it run.
    const other = connect({ databaseUrl: t.url, maxConnections: 2 });
    handles.push(other);
    const deps = (db: typeof t.db) => ({
      db,
      store,
      now: () => batchInstant('disputes', TUESDAY),
      operationsMailbox: MAILBOX,
    });
    const request = {
      kind: 'disputes' as const,
      batchDate: TUESDAY,
      scheduledFor: batchInstant('disputes', TUESDAY),
    };
    const outcomes = await Promise.all([runBatch(deps(t.db), request), runBatch(deps(other.db), request)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['already-run', 'completed']);

    expect(await batchRows(TUESDAY)).toHaveLength(1);
    expect(await readFile(join(storeDir, key))).toEqual(written);
    const files = await collectList(store, 'batches/disputes/');
    expect(files.filter((f) => f.key === key)).toHaveLength(1);
    const marked = await t.db
      .selectFrom('disputes')
      .select(['record_id', 'batch_id'])
      .where('batch_id', 'is not', null)
      .orderBy('record_id')
      .execute();
    // Monday's 20:00:00 entry and Tuesday's, each in exactly one batch.
    expect(marked.map((r) => r.record_id)).toHaveLength(3);
    expect(new Set(marked.map((r) => r.batch_id)).size).toBe(2);
    await stopWorkerProcesses();
  });

  it('a batch missed while every worker was down runs when one comes back, and says it ran late', async () => {
    await fileDispute(easternInstant(WEDNESDAY, 11, 0), 250, 'WEDNESDAY');
    // Thanksgiving morning: Wednesday's 8PM batch never ran.
    await startWorkerProcess(easternInstant('2026-11-26', 9, 0));
    const [batch] = await waitFor('the late Wednesday batch', async () => {
      const rows = await batchRows(WEDNESDAY);
      return rows[0]?.status === 'completed' && rows;
    });
    expect(batch).toMatchObject({ late: true, dispute_count: 1 });
    const mails = await waitFor(
      'the late summary',
      () => summaries(WEDNESDAY).length > 0 && summaries(WEDNESDAY),
    );
    expect(mails[0]?.subject).toMatch(/^\[ran late\] Retailer disputes batch of 11\/25\/2026/);
    expect(mails[0]?.text).toContain('This batch ran late');
    // Thanksgiving itself has no batch.
    expect(await batchRows('2026-11-26')).toEqual([]);
  });
});
