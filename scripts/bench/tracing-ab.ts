// On demand: the reports list's API CPU time a request, tracing off and on, in two API processes
// up side by side on one database and loaded in turns (off, on, on, off, ...), so that whatever else
// the shared machine runs weighs on both alike. A finer figure than tracing.ts's, for comparing changes.
//   npx tsx scripts/bench/tracing-ab.ts [--pairs 6] [--seconds 4] [--connections 16] [--profile <folder>]
import { parseArgs } from 'node:util';
import { connect } from '@portal/db';
import { BENCH_ADMIN_URL, databaseUrl } from '@portal/testing';
import { startOtlpReceiver } from '@portal/testing/otlp-receiver';
import autocannon from 'autocannon';
import { cpuSnapshot } from './cpu-use.js';
import { BENCH_CATEGORY, BENCH_PARTNER, seedReportsBench } from './reports-data.js';
import { startApiProcess } from './reports-measure.js';
import { benchReportsReader, dropScratch } from './scratch-database.js';
import { migrationsHash, scratchFromTemplate } from './template-databases.js';

const ticks = (snapshot: ReturnType<typeof cpuSnapshot>, name: string) => {
  let sum = 0;
  for (const t of snapshot?.parts.get(name)?.values() ?? []) sum += t.user + t.system;
  return sum;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const { values } = parseArgs({
    options: {
      pairs: { type: 'string', default: '6' },
      seconds: { type: 'string', default: '4' },
      connections: { type: 'string', default: '16' },
      profile: { type: 'string' },
      /** KEY=value for the traced API only, repeatable. */
      'on-env': { type: 'string', multiple: true, default: [] },
    },
  });
  const name = `portal_bench_tracing_ab_${process.pid}`;
  const admin = connect({ databaseUrl: BENCH_ADMIN_URL, maxConnections: 1 });
  await scratchFromTemplate(admin.db, BENCH_ADMIN_URL, {
    template: `bench_tpl_reports_20000_5000_${migrationsHash()}`,
    scratch: name,
    fresh: false,
    seed: (db) => seedReportsBench(db, { total: 20000, inCategory: 5000 }),
  });
  const url = databaseUrl(name, BENCH_ADMIN_URL);
  const handle = connect({ databaseUrl: url, maxConnections: 2 });
  const receiver = await startOtlpReceiver();
  const apis: Awaited<ReturnType<typeof startApiProcess>>[] = [];
  try {
    const headers = await benchReportsReader(handle.db, BENCH_PARTNER);
    const env = {
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      WEB_DIST: 'apps/web/dist-none',
      DATABASE_POOL_SIZE: '16',
    };
    const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [];
    const off = await startApiProcess(
      { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: '' },
      19_000 + (process.pid % 500),
      profile,
    );
    apis.push(off);
    const on = await startApiProcess(
      {
        ...env,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        ...Object.fromEntries(values['on-env'].map((pair) => pair.split('=', 2) as [string, string])),
      },
      19_500 + (process.pid % 500),
      profile,
    );
    console.log(`API off: pid ${off.pid}; API on: pid ${on.pid}`);
    apis.push(on);
    const path = `/api/reports/EXT/${BENCH_PARTNER}/${BENCH_CATEGORY}`;
    const served = new Map<number, number>();
    const run = async (api: typeof on, seconds: number) => {
      const before = cpuSnapshot({ api: api.pid });
      const r = await autocannon({
        url: `${api.url}${path}`,
        connections: Number(values.connections),
        duration: seconds,
        headers,
      });
      const after = cpuSnapshot({ api: api.pid });
      if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
      served.set(api.pid, (served.get(api.pid) ?? 0) + r.requests.total);
      return {
        rps: r.requests.average,
        cpuMs: ((ticks(after, 'api') - ticks(before, 'api')) * 10) / r.requests.total,
      };
    };
    await run(off, 8);
    await run(on, 8);
    const results = {
      off: [] as { rps: number; cpuMs: number }[],
      on: [] as { rps: number; cpuMs: number }[],
    };
    for (let pair = 0; pair < Number(values.pairs); pair += 1) {
      const order = pair % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      for (const which of order)
        results[which].push(await run(which === 'on' ? on : off, Number(values.seconds)));
      const [o, n] = [results.off[pair]!, results.on[pair]!];
      console.log(
        `pair ${pair + 1}: off ${o.rps.toFixed(0)} req/s ${o.cpuMs.toFixed(3)} ms; on ${n.rps.toFixed(0)} req/s ${n.cpuMs.toFixed(3)} ms; cpu ratio ${(n.cpuMs / o.cpuMs).toFixed(3)}`,
      );
    }
    const ratio = median(results.on.map((n, i) => n.cpuMs / results.off[i]!.cpuMs));
    const rpsRatio = median(results.on.map((n, i) => results.off[i]!.rps / n.rps));
    // With --profile: the requests each profile holds (warm-up included), to read it per request.
    console.log(`requests served: off ${served.get(off.pid)}, on ${served.get(on.pid)}`);
    console.log(
      `median: off ${median(results.off.map((r) => r.cpuMs)).toFixed(3)} ms, on ${median(results.on.map((r) => r.cpuMs)).toFixed(3)} ms a request; cpu on/off ${ratio.toFixed(3)}; req/s off/on ${rpsRatio.toFixed(3)}; export ${receiver.requests} requests, ${(receiver.bytes / 1e6).toFixed(1)} MB`,
    );
  } finally {
    for (const api of apis) await api.stop();
    await receiver.close();
    await handle.close();
    await dropScratch(admin, name);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
