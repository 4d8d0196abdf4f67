// On demand, not in CI: the reports list of a category holding 50,000 reports (of 1,000,000) and
// a zip download of three 200 MB files, each beside its floor measured in the same run.
//   npx tsx scripts/bench/reports.ts [--duration 10] [--rounds 5] [--warm 20] [--file-mb 200]
//     [--total 1000000] [--in-category 50000] [--only list|zip] [--fresh] [--explain] [--keep]
// The seeded reports are kept between runs as a template database (bench_tpl_reports_<total>_
// <in category>_<hash of the migrations' names>) on BENCH_ADMIN_URL's server (by default the local
// one of @portal/testing); each run copies it into a scratch database (--fresh seeds it again).
// Starts the API as its own process on the scratch database and a scratch file store, and measures:
// - the list with wrk (or autocannon where wrk is not installed; 64 connections, no pipelining)
//   against the same statements replayed through a bare `pg` pool by 64 workers;
// - the zip download (MB/s, peak resident memory of the API process) against reading the same
//   three files to /dev/null.
// --only list skips the files and the zip; --only zip seeds no reports (the zip does not read them).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '@portal/api/app';
import { loadConfig } from '@portal/api/config';
import { connect } from '@portal/db';
import { LocalDiskStore } from '@portal/storage';
import { BENCH_ADMIN_URL, databaseUrl } from '@portal/testing';
import { recordStatements } from '@portal/testing/db';
import { sql } from 'kysely';
import { BENCH_CATEGORY, BENCH_PARTNER, countReports, seedReportsBench } from './reports-data.js';
import { explainStatements, measureList, waitForConnections } from './reports-list-measure.js';
import { type Statement, startApiProcess, startServerProcess } from './reports-measure.js';
import { measureZip, storeBigFiles } from './reports-zip.js';
import { benchReportsReader } from './scratch-database.js';
import { migrationsHash, scratchFromTemplate } from './template-databases.js';

const MB = 1024 * 1024;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

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
      /** list, zip, or both (the default). */
      only: { type: 'string' },
      /** Seed the template database again, even when one of these sizes and migrations exists. */
      fresh: { type: 'boolean', default: false },
      /** Print EXPLAIN (ANALYZE, BUFFERS) of each statement of one list request. */
      explain: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      /** The API's Postgres pool (DATABASE_POOL_SIZE); the floor's pool is 64. */
      'api-pool': { type: 'string', default: '32' },
      /** A folder: the API runs with node --cpu-prof and writes its profile there. */
      profile: { type: 'string' },
    },
  });
  if (values.only !== undefined && values.only !== 'list' && values.only !== 'zip') {
    throw new Error(`--only ${values.only}: list or zip`);
  }
  const runList = values.only !== 'zip';
  const runZip = values.only !== 'list';
  const duration = Number(values.duration);
  const rounds = Number(values.rounds);
  const fileMb = Number(values['file-mb']);
  // The zip reads none of the seeded reports: alone, it runs on an empty catalogue.
  const seedTotal = runList ? Number(values.total) : 0;
  const inCategory = runList ? Number(values['in-category']) : 0;
  const name = `portal_bench_reports_${process.pid}`;
  const template = `bench_tpl_reports_${seedTotal}_${inCategory}_${migrationsHash()}`;
  const admin = connect({ databaseUrl: BENCH_ADMIN_URL, maxConnections: 1 });
  const loaded = await scratchFromTemplate(admin.db, BENCH_ADMIN_URL, {
    template,
    scratch: name,
    fresh: values.fresh,
    seed: (db) => seedReportsBench(db, { total: seedTotal, inCategory }),
  });
  if (loaded.seedSeconds !== undefined) {
    console.log(`seeded template ${template} in ${fmt(loaded.seedSeconds, 1)} s`);
  }
  console.log(`copied template ${template} to ${name} in ${fmt(loaded.copySeconds, 1)} s`);
  const url = databaseUrl(name, BENCH_ADMIN_URL);
  const handle = connect({ databaseUrl: url, maxConnections: 4 });
  const filesDir = await mkdtemp(join(tmpdir(), 'portal-bench-files-'));
  let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
  let reference: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let cleaning: Promise<void> | undefined;
  // Once, whether the run ends or is stopped (an orchestrator's SIGTERM, a ^C): no API process,
  // scratch database or gigabytes of files left behind.
  const cleanUp = () => {
    cleaning ??= (async () => {
      await api?.stop();
      await reference?.stop();
      await handle.close();
      await rm(filesDir, { recursive: true, force: true });
      if (!values.keep) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      else console.log(`kept database ${name}`);
      await admin.close();
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: stopping`);
      void cleanUp().finally(() => process.exit(1));
    });
  }
  try {
    const headers = await benchReportsReader(handle.db, BENCH_PARTNER);

    const store = new LocalDiskStore({ root: filesDir });
    const start = performance.now();
    const big = runZip ? await storeBigFiles(handle.db, store, filesDir, fileMb) : undefined;
    if (big) console.log(`stored 3 x ${fileMb} MB in ${fmt((performance.now() - start) / 1000, 1)} s`);
    const total = await countReports(handle.db);
    console.log(`${fmt(total)} reports, ${fmt(inCategory)} seeded in EXT/${BENCH_PARTNER}/${BENCH_CATEGORY}`);
    // The seed or the files dirtied Postgres's buffers: write them out now, or a spread checkpoint
    // writes them during the rounds (needs a superuser or pg_checkpoint).
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

    let statements: Statement[] | undefined;
    let list: Awaited<ReturnType<typeof measureList>> | undefined;
    const loadDuringList: string[] = [];
    if (runList) {
      // The list: the same statements through bare pg, then the API under load.
      const listUrl = `${api.url}/api/reports/EXT/${BENCH_PARTNER}/${BENCH_CATEGORY}`;
      const probe = await fetch(listUrl, { headers });
      const body = (await probe.json()) as { reports: Record<string, unknown[]> };
      const dates = (await (await fetch(`${listUrl}/dates`, { headers })).json()) as {
        reportDates: string[];
      };
      console.log(
        `list answer: ${probe.status}, ${body.reports.DLY?.length} reports of the latest day, ${dates.reportDates.length} report dates (their own read), ${fmt(Number(probe.headers.get('content-length') ?? 0))} bytes`,
      );
      // The floor's statements: those one list request issues, recorded in an API built in this
      // process on the same database (so the floor follows whatever the API does). The floor runs
      // first on a pool of its own, closed before the API's turn: both may then hold 64
      // connections without passing the server's max_connections.
      statements = await recordListStatements(url, filesDir, listUrl.slice(api.url.length), headers);
      console.log(`statements per list request (session check included): ${statements.length}`);
      if (values.explain) await explainStatements(handle.pool as NonNullable<typeof handle.pool>, statements);
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
      loadDuringList.push(load());
      list = await measureList({
        rounds,
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
      loadDuringList.push(load());
    }

    // The zip: the files to /dev/null first (the floor), then through the API.
    const downloads = big
      ? await measureZip(rounds, { apiUrl: api.url, headers, ...big, pid: api.pid })
      : undefined;

    console.log(
      `\nresults (2 cores: the load generator, the API and Postgres share them; load average ${load()} at the end${
        list ? `, ${loadDuringList.join(' before the list, ')} after it` : ''
      })`,
    );
    if (loaded.seedSeconds !== undefined)
      console.log(`seed of the template: ${fmt(loaded.seedSeconds, 1)} s`);
    console.log(`copy of the template: ${fmt(loaded.copySeconds, 1)} s`);
    if (list && statements) {
      const rate = (n: number, p99: number) => `${fmt(n)} req/s, p99 ${fmt(p99)} ms`;
      console.log(
        `list of ${fmt(inCategory)} reports in the category (${fmt(total)} in all), median of ${list.rounds.length} rounds of ${duration} s (64 connections, no pipelining):`,
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
    }
    if (downloads) {
      const { zip, single } = downloads;
      console.log(
        `zip of 3 x ${fileMb} MB through the API to ${zip.client} (the median of ${rounds}): ${fmt(zip.mbps)} MB/s; the same files to /dev/null just before: ${fmt(zip.floorMbps)} MB/s; ratio ${fmt(zip.mbps / zip.floorMbps, 2)}`,
      );
      console.log(
        `one ${fileMb} MB file through the API to ${single.client} (no zip): ${fmt(single.mbps)} MB/s; the file to /dev/null just before: ${fmt(single.floorMbps)} MB/s; ratio ${fmt(single.mbps / single.floorMbps, 2)}`,
      );
      console.log(
        `API extra resident memory, the most of any download: zip +${fmt(zip.extraRssMb)} MB (${fmt(zip.bytes / MB)} MB sent), one file +${fmt(single.extraRssMb)} MB`,
      );
    }
    const download = (figure: NonNullable<typeof downloads>['zip']) => ({
      mbps: figure.mbps,
      floorMbps: figure.floorMbps,
      extraRssMb: figure.extraRssMb,
      client: figure.client,
      ratio: figure.mbps / figure.floorMbps,
      mbSent: figure.bytes / MB,
    });
    // For scripts/bench/run-all.ts: one line of figures. A part left out (--only) is null.
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        total,
        inCategory,
        fileMb,
        statements: statements?.length ?? null,
        list: list
          ? {
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
              roundsRps: list.rounds.map((r) => r.api),
              loadAverage: loadDuringList,
            }
          : null,
        zip: downloads ? download(downloads.zip) : null,
        single: downloads ? download(downloads.single) : null,
        only: values.only ?? 'both',
        template,
        seedSeconds: loaded.seedSeconds ?? null,
        templateCopySeconds: loaded.copySeconds,
        loadAverage: load(),
      })}`,
    );
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
