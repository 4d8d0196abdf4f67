import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  createTestDatabase,
  ensureReferenceData,
  newCategory,
  newMonitor,
  newPartner,
  newReport,
  type TestDatabase,
} from '@portal/testing/db';
import { docSample } from '@portal/testing/doc-samples';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

// Each test starts the operator command as a process of its own, up to four times, and tsx compiles
// it at every start: seconds each on a loaded two-core machine. The bound is per process, not a
// timed assertion.
vi.setConfig({ testTimeout: 120_000 });

const run = promisify(execFile);
const script = fileURLToPath(new URL('../monitors-check.ts', import.meta.url));
let t: TestDatabase;

/** The two commands of docs/notes/monitors.md ("By hand"), as the arguments each gives the script. */
const [docDryRun = [], docEnqueue = []] = docSample('docs/notes/monitors.md', 'monitors-check')
  .code.split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean)
  .map((line) => {
    const command = 'npx tsx scripts/monitors-check.ts ';
    if (!line.startsWith(command)) throw new Error(`docs/notes/monitors.md runs something else: ${line}`);
    return line.slice(command.length).split(/\s+/);
  });

function monitorsCheck(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATABASE_URL: t.url, PUBLIC_URL: 'https://portal.example' },
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureReferenceData(t.db);
  const acme = await newPartner(t.db, { code: 'ACME', name: 'Acme Stores' });
  await newCategory(t.db, { code: 'SETTLE', name: 'Settlement', ownerEmails: ['settle@bank.test'] });
  await newCategory(t.db, { code: 'FEES', name: 'Fees', ownerEmails: [] });
  await newMonitor(t.db, { partnerId: acme, categoryCode: 'SETTLE', frequencyTypeCode: 'DLY' });
  await newMonitor(t.db, { partnerId: acme, categoryCode: 'FEES', frequencyTypeCode: 'DLY' });
  await newReport(t.db, {
    partnerId: acme,
    categoryCode: 'SETTLE',
    frequencyTypeCode: 'DLY',
    reportDate: '2025-11-24',
  });
});

afterAll(() => t?.drop());

it('prints what the check of a past day would send (late, now), and writes nothing', async () => {
  // As docs/notes/monitors.md shows it.
  expect(docDryRun).toEqual(['--date', '2025-11-25', '--dry-run']);
  const { stdout } = await monitorsCheck(...docDryRun);
  expect(stdout).toContain('2 monitor(s) due, 0 report(s) present, 2 missing');
  expect(stdout).toContain('To: settle@bank.test');
  expect(stdout).toContain('Subject: [Late check] Missing report: Acme Stores, Settlement, Day, 11/25/2025');
  expect(stdout).toContain('https://portal.example/partners/EXT/ACME/report-categories/SETTLE/reports');
  expect(stdout).toMatch(
    /Nobody to tell \(the category has no owners\): monitor \d+ \(EXT\/ACME, FEES, DLY\)/,
  );
  expect(stdout).toContain('Dry run: nothing was sent or recorded.');
  expect(await t.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  expect(await t.db.selectFrom('report_monitor_runs').selectAll().execute()).toEqual([]);
});

it('finds the present report of a day', async () => {
  const { stdout } = await monitorsCheck('--date', '2025-11-24', '--dry-run');
  expect(stdout).toContain('2 monitor(s) due, 1 report(s) present, 1 missing');
});

it('says a holiday has nothing due', async () => {
  const { stdout } = await monitorsCheck('--date', '2025-11-27', '--dry-run');
  expect(stdout.trim()).toBe('11/27/2025 is not a business day: no monitor is due.');
});

it('enqueues the check of the day without --dry-run', async () => {
  expect(docEnqueue).toEqual(['--date', '2025-11-25']);
  const { stdout } = await monitorsCheck(...docEnqueue);
  expect(stdout).toMatch(/Enqueued the check of 11\/25\/2025 as job monitors-check-2025-11-25-by-hand-/);
  const rows = await t.db.selectFrom('outbox').select(['job_name', 'payload']).execute();
  expect(rows).toEqual([
    {
      job_name: 'monitors.check',
      payload: { checkDate: '2025-11-25', scheduledFor: '2025-11-25T15:00:00.000Z' },
    },
  ]);
});

it('refuses a malformed date', async () => {
  await expect(monitorsCheck('--date', '11/24/2026')).rejects.toMatchObject({ code: 2 });
});
