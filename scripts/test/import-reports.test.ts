import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { LocalDiskStore } from '@portal/storage';
import { createTestDatabase, newPartnerCategory, type TestDatabase } from '@portal/testing/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ImportRefusedError, importReports } from '../import-reports.js';

// Each test starts the operator command as a process of its own, up to four times, and tsx compiles
// it at every start: seconds each on a loaded two-core machine. The bound is per process, not a
// timed assertion.
vi.setConfig({ testTimeout: 120_000 });

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '../..');

let t: TestDatabase;
let work: string;
let store: LocalDiskStore;

async function placeFile(folder: string, path: string, content: string, modified?: Date): Promise<void> {
  const full = join(work, folder, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, content);
  if (modified) await utimes(full, modified, modified);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  t = await createTestDatabase();
  work = await mkdtemp(join(tmpdir(), 'portal-import-'));
  store = new LocalDiskStore({ root: join(work, 'files') });
  const now = new Date();
  await t.db.insertInto('access_types').values({ code: 'EXT', name: 'External' }).execute();
  await t.db
    .insertInto('frequency_types')
    .values([
      { code: 'DLY', name: 'Day' },
      { code: 'WLY', name: 'Week' },
    ])
    .execute();
  const [bjs] = await t.db
    .insertInto('partners')
    .values({ access_type_code: 'EXT', code: 'BJS', name: "BJ's Wholesale Club", updated_at: now })
    .returning('partner_id')
    .execute();
  const partner_id = bjs?.partner_id ?? 0;
  await t.db
    .insertInto('report_categories')
    .values([
      { code: 'SETTLEMENT', name: 'Settlement', external_link: null, updated_at: now },
      { code: 'ACCOUNTS', name: 'Account Activity', external_link: null, updated_at: now },
    ])
    .execute();
  await newPartnerCategory(t.db, { partnerId: partner_id, categoryCode: 'SETTLEMENT' });
  await newPartnerCategory(t.db, {
    partnerId: partner_id,
    categoryCode: 'ACCOUNTS',
    frequencyTypeCodes: ['DLY', 'WLY'],
  });
});
afterAll(async () => {
  await t?.drop();
  await rm(work, { recursive: true, force: true });
});

const currentReports = () =>
  t.db.selectFrom('reports').selectAll().where('superseded_at', 'is', null).orderBy('report_id').execute();

describe('importReports', () => {
  it('streams each file into the store and records it', async () => {
    const modified = new Date('2026-11-20T21:15:00Z');
    await placeFile(
      'first',
      'Reports/EXT/BJS/SETTLEMENT/2026-11-20/BJS_SETTLEMENT_20261120.csv',
      'a,b\n1,2\n',
      modified,
    );
    // Codes in the folder names are matched without regard to case and stored as the partner has them.
    await placeFile(
      'first',
      'Reports/EXT/bjs/settlement/2026-11-21/BJS_SETTLEMENT_20261121.xlsx',
      'xlsx bytes',
    );
    await placeFile('first', 'Reports/.DS_Store', 'finder noise');

    const imported = await importReports(t.db, store, { dir: join(work, 'first') });
    expect(imported.map((r) => r.storageKey)).toEqual([
      'Reports/EXT/BJS/SETTLEMENT/2026-11-20/BJS_SETTLEMENT_20261120.csv',
      'Reports/EXT/BJS/SETTLEMENT/2026-11-21/BJS_SETTLEMENT_20261121.xlsx',
    ]);
    const rows = await currentReports();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      category_code: 'SETTLEMENT',
      frequency_type_code: 'DLY',
      report_date: '2026-11-20',
      file_name: 'BJS_SETTLEMENT_20261120.csv',
      file_size: 8,
      content_type: 'text/csv',
      sha256: sha256('a,b\n1,2\n'),
      last_modified: modified,
      superseded_by: null,
    });
    expect(rows[1]?.content_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await store.stat(imported[0]?.storageKey ?? '')).toMatchObject({ size: 8 });
  });

  it('replaces a re-imported file and keeps the record of both', async () => {
    await placeFile(
      'again',
      'Reports/EXT/BJS/SETTLEMENT/2026-11-20/BJS_SETTLEMENT_20261120.csv',
      'a,b\n1,2\n3,4\n',
    );
    // The folder given may be the Reports folder itself.
    const [report] = await importReports(t.db, store, {
      dir: join(work, 'again', 'Reports'),
      uploadedBy: 'E100001',
    });
    const all = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('file_name', '=', 'BJS_SETTLEMENT_20261120.csv')
      .orderBy('report_id')
      .execute();
    expect(all).toHaveLength(2);
    const [earlier, later] = all;
    expect(earlier?.superseded_at).toBeInstanceOf(Date);
    expect(earlier?.superseded_by).toBe(later?.report_id);
    expect(earlier?.sha256).toBe(sha256('a,b\n1,2\n'));
    expect(later).toMatchObject({
      superseded_at: null,
      sha256: sha256('a,b\n1,2\n3,4\n'),
      uploaded_by: 'E100001',
    });
    expect(report?.supersededReportId).toBe(earlier?.report_id);
    const stored = await store.get('Reports/EXT/BJS/SETTLEMENT/2026-11-20/BJS_SETTLEMENT_20261120.csv');
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('a,b\n1,2\n3,4\n');
    expect(await currentReports()).toHaveLength(2);
  });

  it('refuses the whole import when a partner, category or layout is unknown', async () => {
    await placeFile('bad', 'Reports/EXT/BJS/SETTLEMENT/2026-11-22/fine.csv', 'ok');
    await placeFile('bad', 'Reports/EXT/XYZ/SETTLEMENT/2026-11-22/x.csv', 'x');
    await placeFile('bad', 'Reports/EXT/BJS/PAYROLL/2026-11-22/x.csv', 'x');
    await placeFile('bad', 'Reports/EXT/BJS/SETTLEMENT/2026-13-40/x.csv', 'x');
    await placeFile('bad', 'Reports/EXT/BJS/notes.txt', 'x');
    const refused = await importReports(t.db, store, { dir: join(work, 'bad') }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportRefusedError);
    const messages = (refused as ImportRefusedError).problems.map((p) => `${p.file}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Reports/EXT/XYZ/SETTLEMENT/2026-11-22/x.csv: Unknown partner EXT/XYZ',
        'Reports/EXT/BJS/PAYROLL/2026-11-22/x.csv: Unknown report category PAYROLL for partner EXT/BJS',
        expect.stringMatching(/^Reports\/EXT\/BJS\/SETTLEMENT\/2026-13-40\/x\.csv: is not laid out as/),
        expect.stringMatching(/^Reports\/EXT\/BJS\/notes\.txt: is not laid out as/),
      ]),
    );
    expect(messages).toHaveLength(4);
    expect(await store.exists('Reports/EXT/BJS/SETTLEMENT/2026-11-22/fine.csv')).toBe(false);
    expect(await currentReports()).toHaveLength(2);
  });

  it('asks for --frequency when the category has several frequency types', async () => {
    await placeFile('weekly', 'Reports/EXT/BJS/ACCOUNTS/2026-11-16/BJS_ACCOUNT_ACTIVITY_WEEKLY.csv', 'w');
    const refused = await importReports(t.db, store, { dir: join(work, 'weekly') }).catch((e: unknown) => e);
    expect((refused as ImportRefusedError).problems).toEqual([
      expect.objectContaining({
        code: 'FREQUENCY_TYPE_REQUIRED',
        message: expect.stringContaining('has frequency types DLY, WLY'),
      }),
    ]);
    const [report] = await importReports(t.db, store, {
      dir: join(work, 'weekly'),
      frequencyTypeCode: 'wly',
    });
    expect(report?.frequencyTypeCode).toBe('WLY');
    const wrong = await importReports(t.db, store, {
      dir: join(work, 'weekly'),
      frequencyTypeCode: 'MLY',
    }).catch((e: unknown) => e);
    expect((wrong as ImportRefusedError).problems[0]?.message).toContain(
      'Frequency type MLY is not one of DLY, WLY',
    );
  });
});

describe('scripts/import-reports.ts', () => {
  it('imports from the command line and explains a refusal', async () => {
    await placeFile('cli', 'Reports/EXT/BJS/SETTLEMENT/2026-11-23/cli.csv', 'cli');
    const env = {
      ...process.env,
      DATABASE_URL: t.url,
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: join(work, 'files'),
    };
    const script = join(repoRoot, 'scripts/import-reports.ts');
    const ok = await run(process.execPath, ['--import', 'tsx', script, '--dir', join(work, 'cli')], {
      env,
      cwd: repoRoot,
    });
    expect(ok.stdout).toContain('imported Reports/EXT/BJS/SETTLEMENT/2026-11-23/cli.csv (DLY, 3 bytes)');
    expect(await store.exists('Reports/EXT/BJS/SETTLEMENT/2026-11-23/cli.csv')).toBe(true);

    const failed = await run(process.execPath, ['--import', 'tsx', script, '--dir', join(work, 'weekly')], {
      env,
      cwd: repoRoot,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('(pass --frequency)');
  });
});
