import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimBatch, finishBatch, insertDisputes } from '@portal/db';
import { batchFileKey, type NormalizedDispute } from '@portal/domain';
import { batchDateOf, batchInstant } from '@portal/domain/forms/form-batch';
import { easternInstant } from '@portal/domain/time/eastern-time';
import { createProducerQueues, type ProducerQueues } from '@portal/queue';
import { collectList, LocalDiskStore } from '@portal/storage';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { storedDispute } from '@portal/testing/forms';
import {
  REDIS_URL,
  randomPrefix,
  startSmtpServer,
  type TestSmtpServer,
  waitFor,
} from '@portal/testing/workers/helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

// The 8PM ET dispute batch with real Postgres, Redis and SMTP, run by real worker processes
// (workers/src/main.ts, WORKER_QUEUES=batches,mail, their clocks moved to the evening of Monday
// 2026-11-23): both put the cron job scheduler in place before 20:00 ET and it fires at 20:00;
// one batch, one file, one summary mail; the entry of 19:59:59 is in it, the entry of 20:00:00
// waits for Tuesday. Then a process killed between writing Tuesday's file and committing, and the
// re-run by two processes racing for the batch row; then a batch missed while no worker ran.
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const THANKSGIVING = '2026-11-26';
const MAILBOX = 'operations@portal.test';
/**
 * How long before 20:00 ET the processes' clocks stand while they boot and put the schedule in
 * place (held still until then, so a slow machine's boot does not eat into it).
 */
const LEAD_MS = 2_000;
const prefix = randomPrefix();
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let t: TestDatabase;
let smtp: TestSmtpServer;
let mailDir: string;
let storeDir: string;
let store: LocalDiskStore;
let queues: ProducerQueues;
let running: WorkerProcess[] = [];

const dispute = (amountCents: number, merchantId: string): NormalizedDispute =>
  storedDispute({
    messageType: 'outcome-chargeback',
    customerId: '1001',
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

/** A worker process of its own, consuming the batches and mail queues, its clock at `clockAt`. */
function workerProcess(clockAt: Date, holdClock = false): WorkerProcess {
  const worker = startWorkerProcess({
    clockAt,
    holdClock,
    env: {
      DATABASE_URL: t.url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      WORKER_QUEUES: 'batches,mail',
      SMTP_URL: smtp.url,
      MAIL_DIR: mailDir,
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: storeDir,
      OPERATIONS_MAILBOX: MAILBOX,
    },
  });
  running.push(worker);
  return worker;
}

async function stopWorkerProcesses() {
  const codes = await Promise.all(running.map((worker) => worker.stop()));
  running = [];
  return codes;
}

const batchRows = (date: string) =>
  t.db.selectFrom('dispute_batches').selectAll().where('batch_date', '=', date).execute();
const summaries = (date: string, title = 'Retailer disputes') =>
  smtp.messages.filter((m) =>
    m.subject?.includes(`${title} batch of ${date.slice(5, 7)}/${date.slice(8, 10)}/`),
  );

/**
 * The batch run and its summary mail both completed, nothing left in the outbox, no mail waiting,
 * running or due for a retry: a second copy of the summary would have been sent by now.
 */
async function settled(date: string): Promise<boolean> {
  const run = await queues.get('batches').getJobState(`disputes-batch-${date}`);
  const mail = await queues.get('mail').getJobState(`disputes-batch-${date}-summary`);
  if (run !== 'completed' || mail !== 'completed') return false;
  const unpublished = await t.db
    .selectFrom('outbox')
    .select('outbox_id')
    .where('published_at', 'is', null)
    .execute();
  const counts = await queues.get('mail').getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return unpublished.length === 0 && Object.values(counts).every((count) => count === 0);
}

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  storeDir = await mkdtemp(join(tmpdir(), 'portal-batches-'));
  store = new LocalDiskStore({ root: storeDir });
  queues = createProducerQueues({ redisUrl: REDIS_URL, prefix });
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
  await queues?.close();
  await smtp?.close();
  await t?.drop();
  await rm(mailDir, { recursive: true, force: true });
  await rm(storeDir, { recursive: true, force: true });
});

describe('the 8PM ET dispute batch', () => {
  it('two worker processes at 20:00 ET make one batch and one file; 19:59:59 is in it, 20:00:00 is not; one mail', async () => {
    const eight = easternInstant(MONDAY, 20, 0);
    const before = await fileDispute(new Date(eight.getTime() - 1000), 12_345, 'IN-TIME');
    const atCutoff = await fileDispute(eight, 500, 'AT-CUTOFF');
    expect(before.batchDate).toBe(MONDAY);
    expect(atCutoff.batchDate).toBe(TUESDAY);

    const clockAt = new Date(eight.getTime() - LEAD_MS);
    const workers = [workerProcess(clockAt, true), workerProcess(clockAt, true)];
    const scheduled = (line: Record<string, unknown>) =>
      line.job === 'batches.disputes-schedule' && line.msg === 'schedule in place';
    await Promise.all(workers.map((w) => w.logged('the dispute schedule in place', scheduled)));
    // Both put the schedule in place before 20:00 on their clocks, so the cron, not a catch-up, fires it.
    for (const w of workers) expect(w.logs.find(scheduled)?.time).toBeLessThan(eight.getTime());
    for (const w of workers) w.releaseClock();

    const [batch] = await waitFor(
      'the Monday batch',
      async () => {
        const rows = await batchRows(MONDAY);
        return rows[0]?.status === 'completed' && rows;
      },
      LEAD_MS + 20_000,
    );
    await waitFor('the batch run and its mail to complete, the outbox and mail queue to drain', () =>
      settled(MONDAY),
    );
    const fired = workers.flatMap((w) => w.logs.filter((line) => line.msg === 'batch runs enqueued'));
    expect(fired.map((line) => line.due)).toEqual([[MONDAY]]);
    expect(workers.flatMap((w) => w.logs.filter((line) => line.msg === 'catching up batches'))).toEqual([]);
    expect(summaries(MONDAY)).toHaveLength(1);

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
    expect(mail?.subject).toMatch(/^Retailer disputes batch of 11\/23\/2026: 1 records$/);
    expect(mail?.text).toContain('1 record, $123.45 disputed');
    expect(await stopWorkerProcesses()).toEqual([0, 0]);
    expect(summaries(MONDAY)).toHaveLength(1);
  }, 90_000);

  it('a process killed after writing the file and before committing leaves nothing; two re-running it make the same file once', async () => {
    const entry = await fileDispute(easternInstant(TUESDAY, 9, 30), 999, 'TUESDAY');
    const crashed = spawn(
      process.execPath,
      ['--import', 'tsx', fixture('crash-batch.ts'), t.url, storeDir, TUESDAY],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    crashed.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code, signal] = (await once(crashed, 'exit')) as [number | null, string | null];
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

    // The re-run, by two processes let go at the same moment: both claim the day's row; one runs
    // the batch, the other waits on the row until it commits and finds it run.
    const racers = [raceProcess(TUESDAY), raceProcess(TUESDAY)];
    await Promise.all(racers.map((racer) => racer.ready));
    for (const racer of racers) racer.child.stdin?.end('go\n');
    const outcomes = await Promise.all(racers.map((racer) => racer.outcome));
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
  }, 60_000);

  it('a batch missed while every worker was down runs when one comes back, and says it ran late; an empty one mails too', async () => {
    await fileDispute(easternInstant(WEDNESDAY, 11, 0), 250, 'WEDNESDAY');
    // Thanksgiving morning: Wednesday's 8PM batch never ran (nor the week's invoice batches).
    workerProcess(easternInstant(THANKSGIVING, 9, 0));
    const [batch] = await waitFor('the late Wednesday batch', async () => {
      const rows = await batchRows(WEDNESDAY);
      return rows[0]?.status === 'completed' && rows;
    });
    expect(batch).toMatchObject({ late: true, dispute_count: 1 });
    await waitFor('the late summary to be sent', () => settled(WEDNESDAY));
    const mails = summaries(WEDNESDAY);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^\[ran late\] Retailer disputes batch of 11\/25\/2026/);
    expect(mails[0]?.text).toContain('This batch ran late');
    // No invoice request was filed: Wednesday's invoice batch is empty, and still says it ran.
    const invoices = await waitFor('the empty invoice summary', () => {
      const found = summaries(WEDNESDAY, 'Customer invoice requests');
      return found.length > 0 && found;
    });
    expect(invoices[0]?.subject).toBe('[ran late] Customer invoice requests batch of 11/25/2026: 0 records');
    expect(invoices[0]?.text).toContain('no records were pending');
    // Thanksgiving itself has no batch.
    expect(await batchRows(THANKSGIVING)).toEqual([]);
  });
});

/** A race-batch.ts process: `ready` once connected; write "go" to start; `outcome` is what it printed. */
function raceProcess(date: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fixture('race-batch.ts'), t.url, storeDir, date],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const ready = waitFor('the racer to connect', () => {
    if (child.exitCode !== null) throw new Error(`racer exited: ${stderr}`);
    return stdout.startsWith('ready\n');
  });
  const outcome = exited.then(([code]) => {
    if (code !== 0) throw new Error(`racer exited with ${code}: ${stderr}`);
    return JSON.parse(stdout.slice('ready\n'.length)) as { status: string };
  });
  return { child, ready, outcome };
}
