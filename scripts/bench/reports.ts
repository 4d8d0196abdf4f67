// On demand, not in CI: the reports list of a category holding 50,000 reports (of 1,000,000) and
// a zip download of three 200 MB files, each beside its floor measured in the same run.
//   npx tsx scripts/bench/reports.ts [--duration 10] [--file-mb 200] [--keep]
// Builds a scratch database (BENCH_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// and a scratch file store, starts the API as its own process, and measures:
// - the list with autocannon (64 connections, no pipelining) against the same statements replayed
//   through a bare `pg` pool by 64 workers;
// - the zip download (MB/s, peak resident memory of the API process) against reading the same
//   three files to /dev/null.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  connect,
  createSession,
  type Database,
  findActiveSession,
  findActiveUser,
  migrateToLatest,
  setUserAccess,
} from '@portal/db';
import { findCatalogPartner, findPartnerCategory } from '@portal/db/report-catalog';
import { findLatestReport, listLatestReports, listReportDates } from '@portal/db/reports';
import { ingestReport } from '@portal/db/reports-ingest';
import { LocalDiskStore } from '@portal/storage';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { BENCH_CATEGORY, BENCH_PARTNER, seedReportsBench } from './reports-data.js';
import {
  peakMemory,
  readToDevNull,
  replayStatements,
  resetPeak,
  type Statement,
  startApiProcess,
  timedDownload,
} from './reports-measure.js';

const MB = 1024 * 1024;
// An old date, so the list's latest day is an ordinary one of 25 files.
const BIG_FILES_DATE = '2021-01-04';
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      'file-mb': { type: 'string', default: '200' },
      keep: { type: 'boolean', default: false },
    },
  });
  const duration = Number(values.duration);
  const fileMb = Number(values['file-mb']);
  const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_reports_${process.pid}`;
  const admin = connect({ databaseUrl: adminUrl, maxConnections: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connect({ databaseUrl: url.toString(), maxConnections: 64 });
  const filesDir = await mkdtemp(join(tmpdir(), 'portal-bench-files-'));
  let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
  try {
    await migrateToLatest(handle.db);
    let start = performance.now();
    const total = await seedReportsBench(handle.db, { total: 1_000_000, inCategory: 50_000 });
    console.log(
      `seeded ${fmt(total)} reports (50,000 in EXT/${BENCH_PARTNER}/${BENCH_CATEGORY}) in ${fmt((performance.now() - start) / 1000, 1)} s`,
    );

    // An internal user with VIEW_REPORTS for the partner: no human verification on download.
    await handle.db
      .insertInto('users')
      .values({ user_id: 'bench', email: 'bench@bank.test', is_external_user: false })
      .execute();
    await setUserAccess(handle.db, 'bench', {
      features: ['VIEW_REPORTS'],
      partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: BENCH_PARTNER }],
    });
    const { sessionId } = await createSession(handle.db, {
      userId: 'bench',
      provider: null,
      idToken: null,
      absoluteHours: 2,
    });
    const headers = { cookie: `portal_session=${sessionId}` };

    // Three 200 MB workbooks (stored in the zip as they are: xlsx is already compressed).
    const store = new LocalDiskStore({ root: filesDir });
    const chunk = randomBytes(MB);
    const ids: number[] = [];
    start = performance.now();
    for (let i = 1; i <= 3; i += 1) {
      const body = Readable.from(
        (function* () {
          for (let j = 0; j < fileMb; j += 1) yield chunk;
        })(),
      );
      const report = await ingestReport(handle.db, store, {
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
    console.log(`stored 3 x ${fileMb} MB in ${fmt((performance.now() - start) / 1000, 1)} s`);

    api = await startApiProcess(
      {
        DATABASE_URL: url.toString(),
        STORAGE_DIR: filesDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        WEB_DIST: 'apps/web/dist-none',
      },
      18_000 + (process.pid % 1000),
    );

    // The list: autocannon, then the same statements through bare pg.
    const listUrl = `${api.url}/api/reports/EXT/${BENCH_PARTNER}/${BENCH_CATEGORY}`;
    const probe = await fetch(listUrl, { headers });
    const body = (await probe.json()) as { reports: Record<string, unknown[]>; reportDates: string[] };
    console.log(
      `list answer: ${probe.status}, ${body.reports.DLY?.length} reports of the latest day, ${body.reportDates.length} report dates, ${fmt(Number(probe.headers.get('content-length') ?? 0))} bytes`,
    );
    await autocannon({ url: listUrl, connections: 64, pipelining: 1, duration: 2, headers }); // warm-up
    const http = await autocannon({ url: listUrl, connections: 64, pipelining: 1, duration, headers });
    if (http.non2xx > 0 || http.errors > 0)
      throw new Error(`list: ${http.non2xx} non-2xx, ${http.errors} errors`);

    const statements: Statement[] = [];
    const recorder = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: handle.pool! }),
      log: (event) => {
        if (event.level === 'query')
          statements.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    const session = await findActiveSession(recorder, sessionId, 30);
    await findActiveUser(recorder, session?.userId ?? '');
    const partner = await findCatalogPartner(recorder, 'EXT', BENCH_PARTNER);
    const category = await findPartnerCategory(recorder, partner!.partnerId, BENCH_CATEGORY);
    await listLatestReports(recorder, {
      partnerId: partner!.partnerId,
      categoryCode: category!.code,
      frequencyTypeCodes: ['DLY'],
    });
    await findLatestReport(recorder, partner!.partnerId, category!.code);
    await listReportDates(recorder, partner!.partnerId, category!.code);
    await replayStatements(handle.pool!, statements, { connections: 64, seconds: 2 }); // warm-up
    const floor = await replayStatements(handle.pool!, statements, { connections: 64, seconds: duration });

    // The zip: the files to /dev/null first (the floor), then through the API.
    const paths = ids.map((_, i) =>
      join(filesDir, 'Reports', 'EXT', BENCH_PARTNER, BENCH_CATEGORY, BIG_FILES_DATE, `BIG_${i + 1}.xlsx`),
    );
    const disk = await readToDevNull(paths);
    const rssBefore = await resetPeak(api.pid);
    const zip = await timedDownload(`${api.url}/api/reports/download?reportId=${ids.join(',')}`, headers);
    const peak = await peakMemory(api.pid);
    if (zip.status !== 200) throw new Error(`download answered ${zip.status}`);
    const diskAgain = await readToDevNull(paths);
    await resetPeak(api.pid);
    const single = await timedDownload(`${api.url}/api/reports/download?reportId=${ids[0]}`, headers);
    const singlePeak = await peakMemory(api.pid);

    const zipMbps = zip.bytes / MB / zip.seconds;
    const diskMbps = disk.bytes / MB / disk.seconds;
    const diskAgainMbps = diskAgain.bytes / MB / diskAgain.seconds;
    console.log(
      `\nresults (2 cores: the load generator, the API and Postgres share them; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} at the end)`,
    );
    console.log(
      `list, API (autocannon, 64 connections, no pipelining): ${fmt(http.requests.average)} req/s, p99 ${fmt(http.latency.p99)} ms`,
    );
    console.log(
      `list, bare pg (the same ${statements.length} statements, 64 workers):   ${fmt(floor.requestsPerSecond)} req/s, p99 ${fmt(floor.p99, 1)} ms`,
    );
    console.log(
      `  ratio API / floor: ${fmt(http.requests.average / floor.requestsPerSecond, 2)} of the throughput, p99 x${fmt(http.latency.p99 / floor.p99, 1)}`,
    );
    console.log(
      `zip of 3 x ${fileMb} MB through the API: ${fmt(zip.bytes / MB)} MB in ${fmt(zip.seconds, 2)} s = ${fmt(zipMbps)} MB/s`,
    );
    console.log(
      `the same files to /dev/null: ${fmt(diskMbps)} MB/s before, ${fmt(diskAgainMbps)} MB/s after (page cache warm)`,
    );
    console.log(`  ratio API / floor: ${fmt(zipMbps / Math.max(diskMbps, diskAgainMbps), 2)}`);
    console.log(
      `one ${fileMb} MB file through the API (no zip): ${fmt(single.bytes / MB / single.seconds)} MB/s, peak ${fmt(singlePeak / MB)} MB`,
    );
    console.log(
      `API resident memory: ${fmt(rssBefore / MB)} MB before the download, peak ${fmt(peak / MB)} MB during it (+${fmt((peak - rssBefore) / MB)} MB for ${fmt(zip.bytes / MB)} MB sent)`,
    );
  } finally {
    await api?.stop();
    await handle.close();
    await rm(filesDir, { recursive: true, force: true });
    if (!values.keep) await sql`drop database ${sql.id(name)}`.execute(admin.db);
    else console.log(`kept database ${name}`);
    await admin.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
