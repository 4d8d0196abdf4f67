import { randomBytes } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '@portal/db';
import { ingestReport } from '@portal/db';
import type { LocalDiskStore } from '@portal/storage';
import type { Kysely } from 'kysely';
import { BENCH_CATEGORY, BENCH_PARTNER } from './reports-data.js';
import { downloadRounds } from './reports-measure.js';

// The zip part of the reports bench: three big workbooks stored through the portal's ingest, then
// downloaded as one zip and one alone, each against reading the same files to /dev/null.

const MB = 1024 * 1024;
// An old date, so the list's latest day is an ordinary one of 25 files.
const BIG_FILES_DATE = '2021-01-04';

/** Refuses to start when `dir`'s file system has less than `bytes` free, plus a gigabyte. */
export async function ensureRoom(dir: string, bytes: number) {
  const fs = await statfs(dir);
  const free = fs.bavail * fs.bsize;
  if (free < bytes + 1024 * MB) {
    throw new Error(
      `${dir} has ${(free / MB).toFixed(0)} MB free; the files need ${(bytes / MB).toFixed(0)} MB (and 1 GB to spare)`,
    );
  }
}

/** Three files of `fileMb` MB of random bytes (stored in a zip as they are, as xlsx is). */
export async function storeBigFiles(
  db: Kysely<Database>,
  store: LocalDiskStore,
  filesDir: string,
  fileMb: number,
): Promise<{ ids: number[]; paths: string[] }> {
  await ensureRoom(filesDir, 3 * fileMb * MB);
  const chunk = randomBytes(MB);
  const ids: number[] = [];
  for (let i = 1; i <= 3; i += 1) {
    const body = Readable.from(
      (function* () {
        for (let j = 0; j < fileMb; j += 1) yield chunk;
      })(),
    );
    const report = await ingestReport(db, store, {
      accessTypeCode: 'EXT',
      partnerCode: BENCH_PARTNER,
      categoryCode: BENCH_CATEGORY,
      reportDate: BIG_FILES_DATE,
      fileName: `BIG_${i}.xlsx`,
      body,
      contentType: 'application/octet-stream',
    });
    ids.push(report.reportId);
  }
  const paths = ids.map((_, i) =>
    join(filesDir, 'Reports', 'EXT', BENCH_PARTNER, BENCH_CATEGORY, BIG_FILES_DATE, `BIG_${i + 1}.xlsx`),
  );
  return { ids, paths };
}

/** The zip of the three files, then the first alone, through the API (`rounds` each). */
export async function measureZip(
  rounds: number,
  {
    apiUrl,
    headers,
    ids,
    paths,
    pid,
  }: {
    apiUrl: string;
    headers: Record<string, string>;
    ids: number[];
    paths: string[];
    pid: number;
  },
) {
  const zip = await downloadRounds(rounds, {
    url: `${apiUrl}/api/reports/download?reportId=${ids.join(',')}`,
    headers,
    paths,
    pid,
  });
  const single = await downloadRounds(rounds, {
    url: `${apiUrl}/api/reports/download?reportId=${ids[0]}`,
    headers,
    paths: paths.slice(0, 1),
    pid,
  });
  return { zip, single };
}
