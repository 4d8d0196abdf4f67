import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZipEntry, zipEntries } from '../../src/reports/zip-writer.js';
import { unzip } from './unzip.js';

// The streaming zip writer of downloads, read back by our own reader and by Info-ZIP's unzip
// (which checks every CRC), with and without Zip64 records.
const run = promisify(execFile);

describe('zip writer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-zip-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const csv = Buffer.from('date,amount\n'.concat('2026-11-19,12.50\n'.repeat(20_000)));
  const xlsx = randomBytes(300_000);
  const chunks = (body: Buffer, size: number) =>
    Readable.from(
      Array.from({ length: Math.ceil(body.length / size) }, (_, i) =>
        body.subarray(i * size, (i + 1) * size),
      ),
    );
  const entries = (): ZipEntry[] => [
    {
      name: 'SETTLEMENT_20261119.csv',
      source: chunks(csv, 4096),
      date: new Date(2026, 10, 19, 8, 30, 10),
      store: false,
      size: csv.length,
    },
    {
      name: 'Relevé "mensuel" €.xlsx',
      source: chunks(xlsx, 65_536),
      date: new Date(2026, 10, 19),
      store: true,
      size: xlsx.length,
    },
    { name: 'empty.csv', source: Readable.from([]), date: new Date(2026, 0, 1), store: false, size: 0 },
  ];

  for (const forceZip64 of [false, true]) {
    it(`writes entries that unzip to the same bytes${forceZip64 ? ' (Zip64 records)' : ''}`, async () => {
      const zip = await buffer(zipEntries(entries(), { deflateLevel: 1, forceZip64 }));
      expect(zip.length).toBeLessThan(csv.length / 5 + xlsx.length + 2000);
      const path = join(dir, `out-${forceZip64}.zip`);
      await writeFile(path, zip);
      const tested = await run('unzip', ['-t', path]);
      expect(tested.stdout).toMatch(/No errors detected/);
      const listing = await run('unzip', ['-Z', '-l', path]);
      expect(listing.stdout).toContain('stor');
      expect(listing.stdout).toMatch(/defN .* SETTLEMENT_20261119.csv/);
      if (!forceZip64) {
        const files = unzip(zip);
        expect(files.get('SETTLEMENT_20261119.csv')?.equals(csv)).toBe(true);
        expect(files.get('Relevé "mensuel" €.xlsx')?.equals(xlsx)).toBe(true);
        expect(files.get('empty.csv')?.length).toBe(0);
      }
    });
  }

  it('fails the zip when a source fails, rather than ending it as if whole', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    const zip = zipEntries([{ name: 'a.csv', source: failing, date: new Date(), store: true, size: 10 }]);
    await expect(buffer(zip)).rejects.toThrow('disk gone');
  });
});
