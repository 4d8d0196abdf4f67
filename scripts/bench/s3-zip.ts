// On demand, not in CI: the zip download of three files kept in S3 (s3rver, an S3 implementation on
// npm, in a process of its own), beside its floor measured in the same run: the same three objects
// read to /dev/null through the AWS SDK.
//   npx tsx scripts/bench/s3-zip.ts [--file-mb 200] [--rounds 3] [--keep]
// The API runs as its own process (STORAGE_DRIVER=s3) on a copy of the reports bench's empty
// template database (bench_tpl_reports_0_0_<hash>, as `reports.ts --only zip` uses), so its memory
// is its own. The last line is BENCH_RESULT {"zip":{"mbps","floorMbps","ratio","extraRssMb"},...}.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { connect, createServiceAccount, ingestReport, issueServiceAccountToken } from '@portal/db';
import { S3Store } from '@portal/storage';
import { BENCH_ADMIN_URL, databaseUrl, startS3rver } from '@portal/testing';
import { sql } from 'kysely';
import { onPath } from './on-path.js';
import { BENCH_CATEGORY, BENCH_PARTNER, seedReportsBench } from './reports-data.js';
import { curlDownload, peakMemory, resetPeak, startApiProcess, timedDownload } from './reports-measure.js';
import { ensureRoom } from './reports-zip.js';
import { migrationsHash, scratchFromTemplate } from './template-databases.js';

const MB = 1024 * 1024;
const fmt = (n: number, digits = 0) => n.toFixed(digits);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const BUCKET = 'portal-bench';
const SERVE = '--serve-s3rver';
// s3rver names no other account; the API reaches it path-style, and sends bodies unframed.
const S3_ENV = {
  STORAGE_DRIVER: 's3',
  S3_BUCKET: BUCKET,
  S3_FORCE_PATH_STYLE: 'true',
  S3_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
};

type S3rverProcess = { endpoint: string; pid: number; stop(): Promise<void> };

/** This file again, serving s3rver until SIGTERM: the bench's client and the API read from another process. */
async function serveS3rver(): Promise<void> {
  const s3 = await startS3rver(BUCKET);
  console.log(`S3RVER ${s3.endpoint}`);
  process.once('SIGTERM', () => {
    s3.stop().then(() => process.exit(0));
  });
}

async function startS3rverProcess(): Promise<S3rverProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/s3-zip.ts', SERVE], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /S3RVER (\S+)/.exec(output);
      if (found) resolve(found[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) while starting`)));
  });
  return {
    endpoint,
    pid: child.pid as number,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The floor: each object to /dev/null through the SDK, one after another. */
async function readObjects(store: S3Store, keys: string[]): Promise<{ bytes: number; seconds: number }> {
  const start = performance.now();
  let bytes = 0;
  for (const key of keys) {
    const body = await store.get(key);
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    await pipeline(body, createWriteStream('/dev/null'));
  }
  return { bytes, seconds: (performance.now() - start) / 1000 };
}

type Round = { mbps: number; floorMbps: number; ratio: number; extraRssMb: number; mbSent: number };

async function main() {
  const { values } = parseArgs({
    options: {
      'file-mb': { type: 'string', default: '200' },
      rounds: { type: 'string', default: '3' },
      keep: { type: 'boolean', default: false },
    },
  });
  const fileMb = Number(values['file-mb']);
  const rounds = Number(values.rounds);
  await ensureRoom(tmpdir(), 3 * fileMb * MB);

  const name = `portal_bench_s3_zip_${process.pid}`;
  const template = `bench_tpl_reports_0_0_${migrationsHash()}`;
  const admin = connect({ databaseUrl: BENCH_ADMIN_URL, maxConnections: 1 });
  await scratchFromTemplate(admin.db, BENCH_ADMIN_URL, {
    template,
    scratch: name,
    fresh: false,
    seed: (db) => seedReportsBench(db, { total: 0, inCategory: 0 }),
  });
  const url = databaseUrl(name, BENCH_ADMIN_URL);
  const handle = connect({ databaseUrl: url, maxConnections: 2 });
  const s3 = await startS3rverProcess();
  const store = new S3Store({
    bucket: BUCKET,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ENV.S3_ACCESS_KEY_ID, secretAccessKey: S3_ENV.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
  try {
    // A service account with VIEW_REPORTS for the partner: internal, so no human verification.
    await createServiceAccount(handle.db, {
      userId: 'svc-bench',
      name: 'Bench',
      features: ['VIEW_REPORTS'],
      partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: BENCH_PARTNER }],
    });
    const { token } = await issueServiceAccountToken(handle.db, { userId: 'svc-bench', name: 'b', days: 1 });
    const headers = { authorization: `Bearer ${token}` };

    const chunk = randomBytes(MB);
    const keys: string[] = [];
    const ids: number[] = [];
    const stored = performance.now();
    for (const n of [1, 2, 3]) {
      const { reportId, storageKey } = await ingestReport(handle.db, store, {
        accessTypeCode: 'EXT',
        partnerCode: BENCH_PARTNER,
        categoryCode: BENCH_CATEGORY,
        reportDate: '2021-01-05',
        fileName: `S3_BIG_${n}.xlsx`,
        body: Readable.from(Array.from({ length: fileMb }, () => chunk)),
        contentType: 'application/octet-stream',
      });
      ids.push(reportId);
      keys.push(storageKey);
    }
    console.log(`stored 3 x ${fileMb} MB in s3rver in ${fmt((performance.now() - stored) / 1000, 1)} s`);

    api = await startApiProcess(
      {
        ...S3_ENV,
        S3_ENDPOINT: s3.endpoint,
        DATABASE_URL: url,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        WEB_DIST: 'apps/web/dist-none',
      },
      19_000 + (process.pid % 1000),
    );
    const zipUrl = `${api.url}/api/reports/download?reportId=${ids.join(',')}`;
    const curl = onPath('curl');
    // One zip unmeasured first: the API loads the SDK and opens its connections on its first read.
    const warm = await (curl ? curlDownload(curl, zipUrl, headers) : timedDownload(zipUrl, headers));
    if (warm.status !== 200) throw new Error(`the zip answered ${warm.status}`);
    const figures: Round[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const floor = await readObjects(store, keys);
      const before = await resetPeak(api.pid);
      const zip = await (curl ? curlDownload(curl, zipUrl, headers) : timedDownload(zipUrl, headers));
      const peak = await peakMemory(api.pid);
      if (zip.status !== 200) throw new Error(`the zip answered ${zip.status}`);
      const figure = {
        mbps: zip.bytes / MB / zip.seconds,
        floorMbps: floor.bytes / MB / floor.seconds,
        ratio: 0,
        extraRssMb: (peak - before) / MB,
        mbSent: zip.bytes / MB,
      };
      figure.ratio = figure.mbps / figure.floorMbps;
      figures.push(figure);
      console.log(
        `  round ${round}: SDK to /dev/null ${fmt(figure.floorMbps)} MB/s, zip through the API to ${curl ? 'curl' : 'node:http'} ${fmt(figure.mbps)} MB/s (${fmt(figure.ratio, 2)}), +${fmt(figure.extraRssMb)} MB`,
      );
    }
    // The round of the median ratio, with the largest extra memory of any round.
    const median = [...figures].sort((a, b) => a.ratio - b.ratio)[Math.floor(figures.length / 2)] as Round;
    const zip = { ...median, extraRssMb: Math.max(...figures.map((figure) => figure.extraRssMb)) };
    console.log(
      `\nzip of 3 x ${fileMb} MB from s3rver through the API (median of ${rounds}): ${fmt(zip.mbps)} MB/s; the same objects through the SDK to /dev/null: ${fmt(zip.floorMbps)} MB/s; ratio ${fmt(zip.ratio, 2)}; API extra resident memory +${fmt(zip.extraRssMb)} MB (load average ${load()})`,
    );
    console.log(`BENCH_RESULT ${JSON.stringify({ fileMb, rounds, zip, loadAverage: load() })}`);
  } finally {
    await api?.stop();
    store.client.destroy();
    await s3.stop();
    await handle.close();
    if (!values.keep) await sql`drop database ${sql.id(name)}`.execute(admin.db);
    else console.log(`kept database ${name}`);
    await admin.close();
  }
}

const run = process.argv.includes(SERVE) ? serveS3rver() : main();
run.catch((error) => {
  console.error(error);
  process.exit(1);
});
