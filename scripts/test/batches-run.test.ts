import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { insertDisputes } from '@portal/db';
import { batchFileKey } from '@portal/domain';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { storedDispute } from '@portal/testing/forms';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

// Each test starts the operator command as a process of its own, up to four times, and tsx compiles
// it at every start: seconds each on a loaded two-core machine. The bound is per process, not a
// timed assertion.
vi.setConfig({ testTimeout: 120_000 });

// scripts/batches-run.ts by hand: a dry run prints the file and changes nothing; a run makes the
// batch once; a second run of the same day does nothing more, and a dry run of it says so.
const run = promisify(execFile);
const script = fileURLToPath(new URL('../batches-run.ts', import.meta.url));
let t: TestDatabase;
let dir: string;

function batchesRun(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATABASE_URL: t.url, STORAGE_DRIVER: 'local', STORAGE_DIR: dir },
  });
}

const lateDispute = storedDispute({
  customerId: '43',
  lastFourCardNum: '4343',
  disputeAmountCents: 700,
  transactionAmountCents: 900,
  issuerClaimId: 'IC-2',
  issuerClaimTransactionId: 'ICT-2',
  merchantId: 'M2',
  acquirerRefId: 'A2',
});

beforeAll(async () => {
  t = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'portal-batches-run-'));
  await insertDisputes(t.db, [storedDispute()], {
    retailer: 'bjs',
    batchDate: '2026-11-23',
    createdBy: 'E100002',
  });
});

afterAll(async () => {
  await t?.drop();
  await rm(dir, { recursive: true, force: true });
});

it('prints what a dry run would write and changes nothing', async () => {
  const { stdout, stderr } = await batchesRun('--kind', 'disputes', '--date', '2026-11-23', '--dry-run');
  const lines = stdout.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^record_id,batch_date,retailer/);
  expect(lines[1]).toMatch(/^1,2026-11-23,bjs,claim-request,42,630220,2026-11-20,4842,late presentment,/);
  expect(lines[2]).toMatch(/^TRAILER,2026-11-23,1,1250,[0-9a-f]{64}$/);
  expect(stderr).toContain('would take 1 record(s)');
  expect(await t.db.selectFrom('dispute_batches').selectAll().execute()).toEqual([]);
});

it('runs the batch once, writing the file the dry run printed', async () => {
  const dry = await batchesRun('--kind', 'disputes', '--date', '2026-11-23', '--dry-run');
  const first = await batchesRun('--kind', 'disputes', '--date', '2026-11-23');
  expect(JSON.parse(first.stdout)).toMatchObject({ status: 'completed', recordCount: 1, totalCents: 1250 });
  expect(await readFile(join(dir, batchFileKey('disputes', '2026-11-23')), 'utf8')).toBe(dry.stdout);
  const second = await batchesRun('--kind', 'disputes', '--date', '2026-11-23');
  expect(JSON.parse(second.stdout)).toMatchObject({ status: 'already-run' });
  expect(await t.db.selectFrom('dispute_batches').selectAll().execute()).toHaveLength(1);
});

it('a dry run of a day already run says so and what the batch holds, as the run does', async () => {
  // A record of that day filed after its batch ran: the next batch takes it, not this one.
  await insertDisputes(t.db, [{ ...lateDispute }], {
    retailer: 'bjs',
    batchDate: '2026-11-23',
    createdBy: 'E100002',
  });
  const dry = await batchesRun('--kind', 'disputes', '--date', '2026-11-23', '--dry-run');
  const real = await batchesRun('--kind', 'disputes', '--date', '2026-11-23');
  for (const { stdout } of [dry, real]) {
    expect(stdout).not.toContain('TRAILER');
    expect(JSON.parse(stdout)).toMatchObject({
      status: 'already-run',
      kind: 'disputes',
      batchDate: '2026-11-23',
      batch: {
        status: 'completed',
        recordCount: 1,
        totalCents: 1250,
        fileKey: batchFileKey('disputes', '2026-11-23'),
      },
    });
  }
  const holds = `already ran (completed, 1 record(s), $12.50, file ${batchFileKey('disputes', '2026-11-23')})`;
  expect(dry.stderr).toContain(
    `dry run: the disputes batch of 2026-11-23 ${holds}; a run would write nothing.`,
  );
  expect(real.stderr).toContain(`the disputes batch of 2026-11-23 ${holds}; nothing more was written.`);
  for (const { stderr } of [dry, real])
    expect(stderr).toContain('1 pending record(s) dated on or before it will join the next batch.');
  expect(await t.db.selectFrom('dispute_batches').selectAll().execute()).toHaveLength(1);
});

it('refuses a day without batches and a wrong kind', async () => {
  await expect(batchesRun('--kind', 'disputes', '--date', '2026-11-26')).rejects.toMatchObject({
    stderr: expect.stringContaining('2026-11-26 is not a business day'),
  });
  await expect(batchesRun('--kind', 'refunds', '--date', '2026-11-23')).rejects.toMatchObject({
    stderr: expect.stringContaining('--kind must be invoices or disputes'),
  });
});
