// On demand, not in CI: the reports list of a category holding 50,000 reports (of 1,000,000) and
// a zip download of three 200 MB files, each beside its floor measured in the same run.
//   npx tsx scripts/bench/reports.ts [--duration 10] [--file-mb 200] [--keep]
// Builds a scratch database (on BENCH_ADMIN_URL's server, by default the local one of @portal/testing)
// and a scratch file store, starts the API as its own process, and measures:
// - the list with wrk (or autocannon where wrk is not installed; 64 connections, no pipelining)
//   against the same statements replayed through a bare `pg` pool by 64 workers;
// - the zip download (MB/s, peak resident memory of the API process) against reading the same
//   three files to /dev/null.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { buildApp } from '@portal/api/app';
import { loadConfig } from '@portal/api/config';
import { connect, createSession, ingestReport, migrateToLatest, setUserAccess } from '@portal/db';
import { recordStatements } from '@portal/db/testing';
import { LocalDiskStore } from '@portal/storage';
import { BENCH_ADMIN_URL, databaseUrl } from '@portal/testing';
import { sql } from 'kysely';
import { BENCH_CATEGORY, BENCH_PARTNER, seedReportsBench } from './reports-data.js';
import { measureList, waitForConnections } from './reports-list-measure.js';
import { downloadRounds, type Statement, startApiProcess, startServerProcess } from './reports-measure.js';

const MB = 1024 * 1024;
// An old date, so the list's latest day is an ordinary one of 25 files.
const BIG_FILES_DATE = '2021-01-04';
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function recordListStatements(
  databaseUrl: string,
  filesDir: string,
  path: string,
  headers: Record<string, string>,
): Promise<Statement[]> {
  const database = connect({ databaseUrl, maxConnections: 2 });
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST: 'apps/web/dist-none',
  });
  const app = await buildApp({
    config,
    database,
    queuePing: async () => 'PONG',
    blobStore: new LocalDiskStore({ root: filesDir }),
  });
  try {
    await app.inject({ url: path, headers }); // warm: plans and schema compiled
    const recorder = recordStatements(database.pool as NonNullable<typeof database.pool>);
    const reply = await app.inject({ url: path, headers });
    recorder.stop();
    if (reply.statusCode !== 200) throw new Error(`list answered ${reply.statusCode} in process`);
    return [...recorder.statements];
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      /** Rounds of the list: floor, API and reference alternate; the table takes the medians. */
      rounds: { type: 'string', default: '5' },
      /** Seconds of load on each before the first round (the JIT's warm-up). */
      warm: { type: 'string', default: '20' },
      'file-mb': { type: 'string', default: '200' },
      total: { type: 'string', default: '1000000' },
      'in-category': { type: 'string', default: '50000' },
      keep: { type: 'boolean', default: false },
      /** The API's Postgres pool (DATABASE_POOL_SIZE); the floor's pool is 64. */
      'api-pool': { type: 'string', default: '32' },
      /** A folder: the API runs with node --cpu-prof and writes its profile there. */
      profile: { type: 'string' },
    },
  });
  const duration = Number(values.duration);
  const fileMb = Number(values['file-mb']);
  const name = `portal_bench_reports_${process.pid}`;
  const admin = connect({ databaseUrl: BENCH_ADMIN_URL, maxConnections: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = databaseUrl(name, BENCH_ADMIN_URL);
  const handle = connect({ databaseUrl: url, maxConnections: 4 });
  const filesDir = await mkdtemp(join(tmpdir(), 'portal-bench-files-'));
  let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
  let reference: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await migrateToLatest(handle.db);
    let start = performance.now();
    const inCategory = Number(values['in-category']);
    const total = await seedReportsBench(handle.db, { total: Number(values.total), inCategory });
    console.log(
      `seeded ${fmt(total)} reports (${fmt(inCategory)} in EXT/${BENCH_PARTNER}/${BENCH_CATEGORY}) in ${fmt((performance.now() - start) / 1000, 1)} s`,
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
    // The seed dirtied about a gigabyte of Postgres's buffers: write them out now, or a spread
    // checkpoint writes them during the rounds (needs a superuser or pg_checkpoint).
    await sql`checkpoint`.execute(handle.db).catch((error: Error) => {
      console.warn(`no checkpoint before measuring (${error.message})`);
    });

    api = await startApiProcess(
      {
        DATABASE_URL: url,
        STORAGE_DIR: filesDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        WEB_DIST: 'apps/web/dist-none',
        DATABASE_POOL_SIZE: String(values['api-pool']),
      },
      18_000 + (process.pid % 1000),
      values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [],
    );

    // The list: the same statements through bare pg, then the API under load.
    const listUrl = `${api.url}/api/reports/EXT/${BENCH_PARTNER}/${BENCH_CATEGORY}`;
    const probe = await fetch(listUrl, { headers });
    const body = (await probe.json()) as { reports: Record<string, unknown[]> };
    const dates = (await (await fetch(`${listUrl}/dates`, { headers })).json()) as { reportDates: string[] };
    console.log(
      `list answer: ${probe.status}, ${body.reports.DLY?.length} reports of the latest day, ${dates.reportDates.length} report dates (their own read), ${fmt(Number(probe.headers.get('content-length') ?? 0))} bytes`,
    );
    // The floor's statements: those one list request issues, recorded in an API built in this
    // process on the same database (so the floor follows whatever the API does). The floor runs
    // first on a pool of its own, closed before the API's turn: both may then hold 64
    // connections without passing the server's max_connections.
    const statements = await recordListStatements(url, filesDir, listUrl.slice(api.url.length), headers);
    console.log(`statements per list request (session check included): ${statements.length}`);
    const statementsFile = join(filesDir, 'list-statements.json');
    await writeFile(statementsFile, JSON.stringify(statements));
    reference = await startServerProcess(
      'scripts/bench/list-reference-server.ts',
      {
        DATABASE_URL: url,
        STATEMENTS_FILE: statementsFile,
        DATABASE_POOL_SIZE: String(values['api-pool']),
      },
      17_000 + (process.pid % 1000),
    );
    const list = await measureList({
      rounds: Number(values.rounds),
      seconds: duration,
      firstWarmSeconds: Number(values.warm),
      floor: () => {
        const bare = connect({ databaseUrl: url, maxConnections: 64 });
        return { pool: bare.pool as NonNullable<typeof bare.pool>, close: bare.close };
      },
      statements,
      api: { url: listUrl, headers },
      reference: { url: `${reference.url}/list`, headers: {} },
      // The floor's 64 connections and the servers' pools must fit under max_connections (100).
      beforeFloor: () => waitForConnections(handle.db, name, 16),
      pids: { api: api.pid, 'bare Fastify': reference.pid },
    });

    // The zip: the files to /dev/null first (the floor), then through the API.
    const paths = ids.map((_, i) =>
      join(filesDir, 'Reports', 'EXT', BENCH_PARTNER, BENCH_CATEGORY, BIG_FILES_DATE, `BIG_${i + 1}.xlsx`),
    );
    const zip = await downloadRounds(Number(values.rounds), {
      url: `${api.url}/api/reports/download?reportId=${ids.join(',')}`,
      headers,
      paths,
      pid: api.pid,
    });
    const single = await downloadRounds(Number(values.rounds), {
      url: `${api.url}/api/reports/download?reportId=${ids[0]}`,
      headers,
      paths: paths.slice(0, 1),
      pid: api.pid,
    });

    console.log(
      `\nresults (2 cores: the load generator, the API and Postgres share them; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} at the end)`,
    );
    const rate = (n: number, p99: number) => `${fmt(n)} req/s, p99 ${fmt(p99)} ms`;
    console.log(
      `list, median of ${list.rounds.length} rounds of ${duration} s (64 connections, no pipelining):`,
    );
    console.log(
      `  bare pg, the same ${statements.length} statements: ${rate(list.floor.rps, list.floor.p99)}`,
    );
    console.log(`  the API (${list.generator}):              ${rate(list.api.rps, list.api.p99)}`);
    console.log(
      `  bare Fastify + pg (${list.generator}):    ${rate(list.reference.rps, list.reference.p99)}`,
    );
    if (list.apiAutocannon) {
      console.log(
        `  the API (autocannon, in this process): ${rate(list.apiAutocannon.rps, list.apiAutocannon.p99)}, ratio ${fmt(list.apiAutocannon.ratio, 2)}`,
      );
    }
    console.log(
      `  ratio API / floor: ${fmt(list.apiRatio, 2)} (rounds: ${list.rounds.map((r) => fmt(r.api / r.floor, 2)).join(', ')}); bare Fastify / floor: ${fmt(list.referenceRatio, 2)}`,
    );
    console.log(
      `zip of 3 x ${fileMb} MB through the API to ${zip.client} (the median of ${values.rounds}): ${fmt(zip.mbps)} MB/s; the same files to /dev/null just before: ${fmt(zip.floorMbps)} MB/s; ratio ${fmt(zip.mbps / zip.floorMbps, 2)}`,
    );
    console.log(
      `one ${fileMb} MB file through the API to ${single.client} (no zip): ${fmt(single.mbps)} MB/s; the file to /dev/null just before: ${fmt(single.floorMbps)} MB/s; ratio ${fmt(single.mbps / single.floorMbps, 2)}`,
    );
    console.log(
      `API extra resident memory, the most of any download: zip +${fmt(zip.extraRssMb)} MB (${fmt(zip.bytes / MB)} MB sent), one file +${fmt(single.extraRssMb)} MB`,
    );
    // For scripts/bench/run-all.ts: one line of figures.
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        total,
        inCategory,
        fileMb,
        statements: statements.length,
        list: {
          rps: list.api.rps,
          p99: list.api.p99,
          floorRps: list.floor.rps,
          floorP99: list.floor.p99,
          ratio: list.apiRatio,
          referenceRps: list.reference.rps,
          referenceP99: list.reference.p99,
          referenceRatio: list.referenceRatio,
          rounds: list.rounds.length,
          generator: list.generator,
          autocannon: list.apiAutocannon,
        },
        zip: { mbps: zip.mbps, floorMbps: zip.floorMbps, extraRssMb: zip.extraRssMb, client: zip.client },
        single: {
          mbps: single.mbps,
          floorMbps: single.floorMbps,
          extraRssMb: single.extraRssMb,
          client: single.client,
        },
      })}`,
    );
  } finally {
    await api?.stop();
    await reference?.stop();
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
