// `npm run bench -- --growth`: how each cost grows with the work (issue 29). Each cost runs at two
// or three sizes, each size as its own bench process, and the table gives the figures side by side
// with the ratio from one size to the next: a time should grow no faster than its size (linear or
// better), a cost per request or per event and a memory should stay flat.
// The loaded histories (10,000,000 reports, outbox rows, activity events) are kept as template
// databases (template-databases.ts) named by size and a hash of the migrations' names: the first
// run loads them, later ones copy them, and a new migration makes new ones (the old ones are
// dropped here). `npm run bench -- --drop-templates` drops them all.
import { connect } from '@portal/db';
import { BENCH_ADMIN_URL } from '@portal/testing';
import { sql } from 'kysely';
import { fmt, type Row, runBench } from './bench-table.js';
import { migrationsHash } from './template-databases.js';

export const GROWTH_SIZES = {
  /** Reports in all, and in the listed category. */
  reports: [
    { total: 1_000_000, inCategory: 50_000 },
    { total: 10_000_000, inCategory: 500_000 },
  ],
  /** Each of the three files of the zip, in MB. */
  zipMb: [200, 2048],
  monitors: [20_000, 100_000, 200_000],
  disputes: [100_000, 1_000_000],
  /** Rows already in the outbox (published) or in the activity events. */
  history: [0, 1_000_000, 10_000_000],
};
/** Reports a monitor has before the check date: the same at every size, so the reports grow with the monitors. */
const REPORTS_PER_MONITOR = 20;
/** The offered tracking rate, above the goal of 1,000 events a second. */
const TRACKING_RATE = 1200;
const MB_OF_SLACK = 16;
const WITHIN = 1.5;

const TEMPLATE_PREFIX = 'bench_tpl_';

/** Template databases of the benches; with `stale`, only those of other migrations than this checkout's. */
export async function dropTemplates({ stale = false } = {}): Promise<string[]> {
  const admin = connect({ databaseUrl: BENCH_ADMIN_URL, maxConnections: 1 });
  try {
    const { rows } = await sql<{ datname: string }>`
      select datname from pg_database where starts_with(datname, ${TEMPLATE_PREFIX}) order by datname`.execute(
      admin.db,
    );
    const current = `_${migrationsHash()}`;
    const names = rows.map((row) => row.datname).filter((name) => !stale || !name.endsWith(current));
    for (const name of names) {
      await sql`alter database ${sql.id(name)} is_template false`.execute(admin.db);
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    }
    return names;
  } finally {
    await admin.close();
  }
}

/** 20k, 1M, 2 GB: a size as the table names it. */
const sizeLabel = (n: number, unit = '') => {
  if (n === 0) return 'empty';
  const [value, suffix] =
    n >= 1e6 && n % 1e5 === 0 ? [n / 1e6, 'M'] : n >= 1e3 && n % 100 === 0 ? [n / 1e3, 'k'] : [n, ''];
  return `${fmt(value, value % 1 === 0 ? 0 : 1)}${suffix}${unit}`;
};
const mbLabel = (mb: number) =>
  mb >= 1024 ? `${fmt(mb / 1024, mb % 1024 === 0 ? 0 : 1)} GB` : `${fmt(mb)} MB`;
const chain = (values: string[]) => values.join(' → ');
const times = (r: number) => `×${fmt(r, r >= 10 ? 1 : 2)}`;

/**
 * How a figure may grow: `equal` (every size the same), `linear` (each step's ratio at most the
 * sizes' ratio), `flat-lower` and `flat-higher` (each size within ×1.5 of the smallest, or for a
 * memory within 16 MB of it; the lower, or the higher, the better).
 */
type Growth = 'equal' | 'linear' | 'flat-lower' | 'flat-higher' | 'flat-memory';

function growthRow(
  bench: string,
  sizes: number[],
  values: number[],
  {
    growth,
    show,
    floor = '-',
  }: { growth: Growth; show: (value: number, i: number) => string; floor?: string },
): Row {
  const steps = values.slice(1).map((value, i) => value / (values[i] ?? Number.NaN));
  const sizeSteps = sizes.slice(1).map((size, i) => size / (sizes[i] ?? Number.NaN));
  const first = values[0] ?? Number.NaN;
  const fromFirst = values.map((value) => value / first);
  const figure = chain(values.map(show));
  switch (growth) {
    case 'equal':
      return {
        bench,
        figure,
        floor,
        ratio: chain(steps.map(times)),
        goal: 'equal',
        met: steps.every((r) => r === 1),
      };
    case 'linear':
      return {
        bench,
        figure,
        floor,
        ratio: chain(steps.map(times)),
        goal: `≤ ${chain(sizeSteps.map(times))} (the sizes)`,
        met: steps.every((r, i) => r <= (sizeSteps[i] ?? 0)),
      };
    case 'flat-lower':
    case 'flat-higher':
      return {
        bench,
        figure,
        floor,
        ratio: chain(fromFirst.slice(1).map(times)),
        goal: growth === 'flat-lower' ? `≤ ×${WITHIN} the first` : `≥ 1/${WITHIN} of the first`,
        met: fromFirst.every((r) => (growth === 'flat-lower' ? r <= WITHIN : r >= 1 / WITHIN)),
      };
    case 'flat-memory':
      return {
        bench,
        figure,
        floor,
        ratio: chain(fromFirst.slice(1).map(times)),
        goal: `≤ ×${WITHIN} or +${MB_OF_SLACK} MB the first`,
        met: values.every((v) => v <= Math.max(first * WITHIN, first + MB_OF_SLACK)),
      };
  }
}

/** Runs `file` at each size; a size that fails leaves a row saying so, and the rest still runs. */
async function atSizes<T>(
  what: string,
  file: string,
  argsOf: (size: number) => string[],
  sizes: number[],
  rows: (results: T[]) => Row[],
): Promise<Row[]> {
  const results: T[] = [];
  try {
    for (const size of sizes) results.push((await runBench(file, argsOf(size))) as T);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`growth: ${what} failed: ${message}`);
    return [
      {
        bench: `growth: ${what}`,
        figure: `failed (${message})`,
        floor: '-',
        ratio: '-',
        goal: '-',
        met: false,
      },
    ];
  }
  return rows(results);
}

type ReportsList = {
  total: number;
  inCategory: number;
  statements: number;
  list: { rps: number; p99: number; floorRps: number };
};
type ReportsZip = { zip: { mbps: number; floorMbps: number; extraRssMb: number } };
type Monitors = {
  monitors: number;
  reports: number;
  checkMs: number;
  planMs: number;
  statements: number;
  due: number;
};
type Batches = { disputes: number; ms: number; floorMs: number; peakRssMb: number; extraRssMb: number };
type Relay = {
  msPerThousand: number;
  eventsPerSecond: number;
  floorMsPerThousand: number;
  postgresCpuMsPerThousand: number | null;
};
type Activity = {
  eventsPerSecond: number;
  p99: number;
  stored: number;
  calls: number;
  cpuMsPerThousand: number | null;
  workerCpuMsPerThousand: number | null;
  postgresCpuMsPerThousand: number | null;
};

const ms = (n: number) => (n >= 10_000 ? `${fmt(n / 1000, 1)} s` : `${fmt(n)} ms`);

export async function growthRows(): Promise<Row[]> {
  for (const name of await dropTemplates({ stale: true }))
    console.log(`dropped template database ${name} (made before a migration this checkout has)`);
  const rows: Row[] = [];

  const reportSizes = GROWTH_SIZES.reports;
  const reportsLabel = chain(reportSizes.map((s) => `${sizeLabel(s.total)} (${sizeLabel(s.inCategory)})`));
  rows.push(
    ...(await atSizes<ReportsList>(
      'reports list',
      'reports.ts',
      (i) => [
        '--total',
        String(reportSizes[i]?.total),
        '--in-category',
        String(reportSizes[i]?.inCategory),
        '--only',
        'list',
      ],
      reportSizes.map((_, i) => i),
      (r) => {
        const categorySizes = r.map((x) => x.inCategory);
        return [
          growthRow(
            `growth: reports list, ${reportsLabel} reports (in the category): SQL statements a request`,
            categorySizes,
            r.map((x) => x.statements),
            {
              growth: 'equal',
              show: String,
            },
          ),
          growthRow(
            'growth: reports list, 64 connections: req/s, median of the rounds',
            categorySizes,
            r.map((x) => x.list.rps),
            {
              growth: 'flat-higher',
              show: (v) => fmt(v),
              floor: `${chain(r.map((x) => fmt(x.list.floorRps)))} bare pg`,
            },
          ),
          growthRow(
            'growth: reports list, 64 connections: p99',
            categorySizes,
            r.map((x) => x.list.p99),
            {
              growth: 'flat-lower',
              show: (v) => `${fmt(v)} ms`,
            },
          ),
        ];
      },
    )),
  );

  const zipMb = GROWTH_SIZES.zipMb;
  rows.push(
    ...(await atSizes<ReportsZip>(
      'zip',
      'reports.ts',
      (mb) => ['--only', 'zip', '--file-mb', String(mb)],
      zipMb,
      (r) => [
        growthRow(
          `growth: zip of 3 x ${chain(zipMb.map(mbLabel))}: MB/s`,
          zipMb,
          r.map((x) => x.zip.mbps),
          {
            growth: 'flat-higher',
            show: (v) => fmt(v),
            floor: `${chain(r.map((x) => fmt(x.zip.floorMbps)))} /dev/null`,
          },
        ),
        growthRow(
          'growth: zip: API extra resident memory',
          zipMb,
          r.map((x) => x.zip.extraRssMb),
          {
            growth: 'flat-memory',
            show: (v) => `${fmt(v)} MB`,
          },
        ),
      ],
    )),
  );

  const monitors = GROWTH_SIZES.monitors;
  rows.push(
    ...(await atSizes<Monitors>(
      'monitor check',
      'monitors.ts',
      (n) => ['--monitors', String(n), '--reports-per-monitor', String(REPORTS_PER_MONITOR)],
      monitors,
      (r) => [
        growthRow(
          `growth: 10:00 ET monitor check, ${chain(monitors.map((n) => sizeLabel(n)))} monitors (${REPORTS_PER_MONITOR} reports each): time`,
          monitors,
          r.map((x) => x.checkMs),
          { growth: 'linear', show: ms, floor: `${chain(r.map((x) => ms(x.planMs)))} dry run` },
        ),
        // The alerts and their outbox rows go in chunks, a statement each: a reference, not a goal.
        {
          ...growthRow(
            'growth: monitor check: statements (chunked inserts included)',
            monitors,
            r.map((x) => x.statements),
            {
              growth: 'equal',
              show: String,
            },
          ),
          goal: '-',
          met: null,
        },
      ],
    )),
  );

  const disputes = GROWTH_SIZES.disputes;
  rows.push(
    ...(await atSizes<Batches>(
      '8PM disputes batch',
      'batches.ts',
      (n) => ['--disputes', String(n)],
      disputes,
      (r) => [
        growthRow(
          `growth: 8PM disputes batch, ${chain(disputes.map((n) => sizeLabel(n)))} disputes: time`,
          disputes,
          r.map((x) => x.ms),
          {
            growth: 'linear',
            show: ms,
            floor: `${chain(r.map((x) => ms(x.floorMs)))} read only`,
          },
        ),
        growthRow(
          'growth: 8PM disputes batch: peak resident memory of its process',
          disputes,
          r.map((x) => x.peakRssMb),
          {
            growth: 'flat-memory',
            show: (v) => `${fmt(v)} MB`,
          },
        ),
      ],
    )),
  );

  const history = GROWTH_SIZES.history;
  const historyLabel = chain(history.map((n) => sizeLabel(n)));
  rows.push(
    ...(await atSizes<Relay>(
      'outbox relay',
      'relay.ts',
      (n) => ['--history', String(n)],
      history,
      (r) => [
        growthRow(
          `growth: outbox relay over ${historyLabel} published rows: ms per 1,000 events`,
          history,
          r.map((x) => x.msPerThousand),
          {
            growth: 'flat-lower',
            show: (v, i) => `${fmt(v, 1)} (${fmt(r[i]?.eventsPerSecond ?? 0)}/s)`,
            floor: `${chain(r.map((x) => fmt(x.floorMsPerThousand, 1)))} Redis alone`,
          },
        ),
        {
          ...growthRow(
            'growth: outbox relay: Postgres CPU ms per 1,000 events',
            history,
            r.map((x) => x.postgresCpuMsPerThousand ?? Number.NaN),
            {
              growth: 'flat-lower',
              show: (v) => fmt(v),
            },
          ),
          goal: '-',
          met: null,
        },
      ],
    )),
  );
  rows.push(
    ...(await atSizes<Activity>(
      'activity worker',
      'activity.ts',
      (n) => ['--history', String(n), '--rate', String(TRACKING_RATE), '--duration', '20', '--warm', '10'],
      history,
      (r) => [
        growthRow(
          `growth: tracking at ${fmt(TRACKING_RATE)} calls/s over ${historyLabel} stored events: worker + Postgres CPU ms per 1,000 events`,
          history,
          r.map((x) => (x.workerCpuMsPerThousand ?? Number.NaN) + (x.postgresCpuMsPerThousand ?? Number.NaN)),
          {
            growth: 'flat-lower',
            show: (v) => fmt(v),
            floor: `${chain(r.map((x) => fmt(x.cpuMsPerThousand ?? Number.NaN)))} whole machine`,
          },
        ),
        growthRow(
          'growth: tracking: events stored/s (p99 call → stored)',
          history,
          r.map((x) => x.eventsPerSecond),
          {
            growth: 'flat-higher',
            show: (v, i) => `${fmt(v)} (${fmt(r[i]?.p99 ?? 0)} ms)`,
            floor: `${fmt(TRACKING_RATE)} offered`,
          },
        ),
        growthRow(
          'growth: tracking: calls stored',
          history,
          r.map((x) => x.stored / x.calls),
          {
            growth: 'equal',
            show: (_v, i) => `${fmt(r[i]?.stored ?? 0)} of ${fmt(r[i]?.calls ?? 0)}`,
          },
        ),
      ],
    )),
  );
  return rows;
}
