import type { Database } from '@portal/db';
import autocannon from 'autocannon';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { cpuPerUnit, cpuSnapshot, describeCpu } from './cpu-use.js';
import { replayStatements, type Statement } from './reports-measure.js';
import { runWrk, wrkPath } from './wrk.js';

// The reports list's throughput, measured in rounds: each round runs the floor (the statements
// through bare pg), the API and the reference server (bare Fastify + pg) one after the other, so
// that a machine that speeds up or slows down during the run (a shared VM does, by ±15%) moves all
// three alike. The figures are the medians over the rounds; the ratios are the medians of each
// round's own ratio. The servers are loaded by wrk where it is installed (else by autocannon, in
// this process); with wrk, each round also loads the API with autocannon, to show what a load
// generator that shares the two cores costs.

type Target = { url: string; headers: Record<string, string> };
type Rate = { rps: number; p99: number };
export type LoadGenerator = 'wrk' | 'autocannon';
export type ListRound = { floor: number; api: number; reference: number; apiAutocannon?: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** `wrk`: the path of wrk, or undefined to load with autocannon. */
async function load(wrk: string | undefined, target: Target, seconds: number): Promise<Rate> {
  const result = wrk
    ? await runWrk(wrk, { ...target, connections: 64, seconds })
    : await autocannon({
        url: target.url,
        connections: 64,
        pipelining: 1,
        duration: seconds,
        headers: target.headers,
      }).then((r) => ({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.rps, p99: result.p99 };
}

export async function measureList(options: {
  rounds: number;
  seconds: number;
  /** Load before the first round's figures, for the floor and each server alike. */
  firstWarmSeconds: number;
  floor: () => { pool: pg.Pool; close: () => Promise<void> };
  statements: Statement[];
  api: Target;
  reference: Target;
  beforeFloor: () => Promise<void>;
  /** Processes whose CPU time per request is printed each round (the bench's own is added). */
  pids?: Record<string, number>;
}) {
  const pids = { ...options.pids, bench: process.pid };
  const cpuLines: string[] = [];
  const measured = async <T>(what: string, requests: (result: T) => number, run: () => Promise<T>) => {
    const before = cpuSnapshot(pids);
    const result = await run();
    cpuLines.push(
      `${what}: ${describeCpu(cpuPerUnit(before, cpuSnapshot(pids), requests(result)), 'request')}`,
    );
    return result;
  };
  const wrk = wrkPath();
  const generator: LoadGenerator = wrk ? 'wrk' : 'autocannon';
  const floors: Rate[] = [];
  const apis: Rate[] = [];
  const references: Rate[] = [];
  const apisAutocannon: Rate[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    // Longer the first time: the JIT keeps compiling the servers' code for about half a minute of
    // load (the API's CPU time a request fell from 1.04 to 0.84 ms over its first 40 s of load,
    // then held), and the figure wanted is that of a server that has been up for a while.
    const warm = round === 0 ? options.firstWarmSeconds : 2;
    await options.beforeFloor();
    const bare = options.floor();
    try {
      await replayStatements(bare.pool, options.statements, { connections: 64, seconds: warm });
      const floor = await measured(
        'bare pg',
        (result) => result.total,
        () => replayStatements(bare.pool, options.statements, { connections: 64, seconds: options.seconds }),
      );
      floors.push({ rps: floor.requestsPerSecond, p99: floor.p99 });
    } finally {
      await bare.close();
    }
    const loads: Array<[string, string | undefined, Target, Rate[]]> = [
      ['API', wrk, options.api, apis],
      ['bare Fastify', wrk, options.reference, references],
    ];
    if (wrk) loads.push(['API by autocannon', undefined, options.api, apisAutocannon]);
    for (const [what, by, target, results] of loads) {
      await load(by, target, warm);
      results.push(
        await measured(
          what,
          (result) => result.rps * options.seconds,
          () => load(by, target, options.seconds),
        ),
      );
    }
    const autocannonRate = apisAutocannon[round]
      ? `, API by autocannon ${apisAutocannon[round]?.rps.toFixed(0)}`
      : '';
    console.log(
      `round ${round + 1}: bare pg ${floors[round]?.rps.toFixed(0)} req/s, API ${apis[round]?.rps.toFixed(0)}, bare Fastify ${references[round]?.rps.toFixed(0)} (${generator})${autocannonRate}`,
    );
    for (const line of cpuLines.splice(0)) console.log(`  ${line}`);
  }
  const rounds: ListRound[] = floors.map((floor, i) => ({
    floor: floor.rps,
    api: apis[i]?.rps ?? 0,
    reference: references[i]?.rps ?? 0,
    apiAutocannon: apisAutocannon[i]?.rps,
  }));
  const summary = (rates: Rate[]): Rate => ({
    rps: median(rates.map((r) => r.rps)),
    p99: median(rates.map((r) => r.p99)),
  });
  return {
    generator,
    rounds,
    floor: summary(floors),
    api: summary(apis),
    reference: summary(references),
    apiRatio: median(rounds.map((r) => r.api / r.floor)),
    referenceRatio: median(rounds.map((r) => r.reference / r.floor)),
    apiAutocannon: apisAutocannon.length
      ? {
          ...summary(apisAutocannon),
          ratio: median(rounds.map((r) => (r.apiAutocannon ?? 0) / r.floor)),
        }
      : undefined,
  };
}

/** Waits (at most 20 s) until the database has at most `limit` connections: idle pools let theirs go. */
export async function waitForConnections(db: Kysely<Database>, database: string, limit: number) {
  for (let waited = 0; waited < 20_000; waited += 500) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = ${database}`.execute(db);
    if ((rows[0]?.n ?? 0) <= limit) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A value as an SQL literal of unknown type (EXECUTE's arguments take no bound parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  const text = Array.isArray(value)
    ? `{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`
    : value instanceof Date
      ? value.toISOString()
      : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement one list request issues, printed: at ten million
 * reports, whether each still reads a few index pages or something that grows with the category.
 * Each twice: planned for its values, and as the generic plan a named statement may settle on
 * after five runs (the API's hot statements are named: compiledOnce).
 */
export async function explainStatements(pool: pg.Pool, statements: Statement[]) {
  const client = await pool.connect();
  const print = (title: string, rows: Array<{ 'QUERY PLAN': string }>) => {
    console.log(title);
    for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
  };
  try {
    for (const [i, statement] of statements.entries()) {
      const values = statement.parameters as unknown[];
      const head = `statement ${i + 1}: ${statement.sql.replace(/\s+/g, ' ').trim().slice(0, 140)}`;
      const custom = await client.query<{ 'QUERY PLAN': string }>({
        text: `explain (analyze, buffers, costs off) ${statement.sql}`,
        values,
      });
      print(`${head}\n planned for its values:`, custom.rows);
      if (values.length === 0) continue;
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare bench_generic as ${statement.sql}`);
      try {
        const generic = await client.query<{ 'QUERY PLAN': string }>({
          text: `explain (analyze, buffers, costs off) execute bench_generic(${values.map(literal).join(', ')})`,
        });
        print(' generic plan:', generic.rows);
      } finally {
        await client.query('deallocate bench_generic');
        await client.query('reset plan_cache_mode');
      }
    }
  } finally {
    client.release();
  }
}
