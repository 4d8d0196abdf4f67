// On demand, not in CI: sustained dashboard-view tracking through the whole path: API call →
// outbox row → relay → BullMQ → activity worker → dashboard_activity_events (+ monthly count).
//   npx tsx scripts/bench/activity.ts [--rate 400] [--duration 20] [--warm 15] [--connections 64]
//     [--history 0] [--fresh]
// Builds a scratch database (on BENCH_ADMIN_URL's server, by default the local one of @portal/testing),
// with `--history` events already stored over the last 12 months (kept as a template database,
// bench_tpl_activity_<rows>_<hash of the migrations' names>, and copied on each run),
// starts the API and one worker process (WORKER_QUEUES=activity) on Redis (REDIS_URL), sends
// POST /api/activity/track/dashboard-view/{id} at a fixed rate, and reports the events stored per
// second and the delay from each call to its stored event (recorded_at), p50/p99/max.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { connect, createSession, type Database, setUserAccess } from '@portal/db';
import { type Kysely, sql } from 'kysely';
import { cpuPerUnit, cpuSnapshot, describeCpu } from './cpu-use.js';
import { bulkLoad } from './history-load.js';
import { startApiProcess } from './reports-measure.js';
import { dropScratch, scratchFromHistory } from './scratch-database.js';

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function startWorkerProcess(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--import', '@portal/telemetry/register-workers', 'workers/src/main.ts'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return {
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A POST on a kept-alive connection, answering status and body. node:http rather than fetch: at
 * 1,000 calls a second fetch (undici) took half a millisecond of CPU a call, a quarter of what
 * this 2-core machine has for each call, all of it taken from the system under test.
 */
function post(url: URL, agent: Agent, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const call = request(url, { method: 'POST', agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** The partner, its dashboard and the user who views it. */
async function seedViewer(db: Kysely<Database>) {
  await db.insertInto('access_types').values({ code: 'EXT', name: 'External' }).execute();
  const partner = await db
    .insertInto('partners')
    .values({ access_type_code: 'EXT', code: 'BEN', name: 'Bench partner', updated_at: new Date() })
    .returning('partner_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('dashboards')
    .values({
      partner_id: partner.partner_id,
      dashboard_name: 'Bench',
      dashboard_url: '/content/bench/',
      dashboard_type: 'RSTUDIO',
      updated_at: new Date(),
    })
    .execute();
  await db
    .insertInto('users')
    .values({ user_id: 'bench', email: 'bench@bank.test', is_external_user: true })
    .execute();
  await setUserAccess(db, 'bench', {
    features: [],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BEN' }],
  });
}

/** Views stored before the bench, spread over the last 12 months (through the parent table, partitioned or not). */
async function loadHistory(db: Kysely<Database>, rows: number) {
  await sql`set maintenance_work_mem = '512MB'`.execute(db);
  // Partitioned by month (migration 2026112603): the months of the history need their partitions.
  const { rows: kind } = await sql<{ relkind: string }>`
    select relkind from pg_class where oid = 'dashboard_activity_events'::regclass`.execute(db);
  if (kind[0]?.relkind === 'p') {
    await sql`
      select make_month_partition('dashboard_activity_events', month)
      from generate_series(now() - interval '365 days', now(), interval '1 month') as month`.execute(db);
  }
  await bulkLoad(db, 'dashboard_activity_events', async () => {
    await sql`
      insert into dashboard_activity_events (event_id, dashboard_id, user_id, kind, occurred_at, recorded_at)
      select gen_random_uuid(), d.dashboard_id, 'bench', case when n % 50 = 0 then 'FAIL' else 'VIEW' end, at,
        at + interval '40 milliseconds'
      from (select dashboard_id from dashboards where dashboard_name = 'Bench') d
      cross join generate_series(1, ${rows}) as n
      cross join lateral (select now() - interval '365 days' * (1 - n::float8 / (${rows} + 1)) as at) t`.execute(
      db,
    );
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '400' },
      duration: { type: 'string', default: '20' },
      /** Seconds of calls at the same rate before the measured ones (not counted). */
      warm: { type: 'string', default: '15' },
      connections: { type: 'string', default: '64' },
      /** Events already stored (over the last 12 months) before the bench's. */
      history: { type: 'string', default: '0' },
      /** Load the history's template database again, even when one of this size and migrations exists. */
      fresh: { type: 'boolean', default: false },
      /** A folder: the API and the worker run with node --cpu-prof and write their profiles there. */
      profile: { type: 'string' },
    },
  });
  const rate = Number(values.rate);
  const duration = Number(values.duration);
  const warmSeconds = Number(values.warm);
  const connections = Number(values.connections);
  const history = Number(values.history);
  const { admin, name, url } = await scratchFromHistory('activity', {
    kind: 'activity',
    rows: history,
    fresh: values.fresh,
    seed: async (db) => {
      await seedViewer(db);
      if (history > 0) await loadHistory(db, history);
    },
  });
  const handle = connect({ databaseUrl: url, maxConnections: 4 });
  const env = {
    DATABASE_URL: url,
    QUEUE_PREFIX: `{bench-${randomBytes(4).toString('hex')}}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    WEB_DIST: 'apps/web/dist-none',
  };
  let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
  let worker: ReturnType<typeof startWorkerProcess> | undefined;
  try {
    const dashboard = await handle.db
      .selectFrom('dashboards')
      .select('dashboard_id')
      .where('dashboard_name', '=', 'Bench')
      .executeTakeFirstOrThrow();
    const { sessionId } = await createSession(handle.db, {
      userId: 'bench',
      provider: null,
      idToken: null,
      absoluteHours: 2,
    });
    const headers = {
      cookie: `portal_session=${sessionId}`,
      'x-requested-with': 'portal',
      'content-type': 'application/json',
    };

    const profiling = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [];
    api = await startApiProcess(env, 19_000 + (process.pid % 1000), profiling);
    worker = startWorkerProcess({ ...env, WORKER_QUEUES: 'activity' }, profiling);
    const processes = { api: api.pid, worker: worker.pid, 'bench client': process.pid };
    const trackUrl = new URL(`${api.url}/api/activity/track/dashboard-view/${dashboard.dashboard_id}`);
    const agent = new Agent({ keepAlive: true, maxSockets: connections });

    // Open loop: one call every 1/rate s, at most `connections` in flight.
    const send = async (total: number) => {
      const sent = { at: new Map<string, number>(), latencies: [] as number[], failures: 0 };
      let inFlight = 0;
      const started = Date.now();
      const calls: Promise<void>[] = [];
      for (let i = 0; i < total; i += 1) {
        const due = started + (i * 1000) / rate;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        while (inFlight >= connections) await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight += 1;
        const at = Date.now();
        calls.push(
          post(trackUrl, agent, headers, '{}')
            .then((response) => {
              sent.latencies.push(Date.now() - at);
              if (response.status !== 202) sent.failures += 1;
              else sent.at.set((JSON.parse(response.body) as { eventId: string }).eventId, at);
            })
            .catch(() => {
              sent.failures += 1;
            })
            .finally(() => {
              inFlight -= 1;
            }),
        );
      }
      await Promise.all(calls);
      return sent;
    };
    // The bench's own events: the history's are older (and found by the same index).
    const since = new Date();
    const benchEvents = () =>
      handle.db
        .selectFrom('dashboard_activity_events')
        .where('dashboard_id', '=', dashboard.dashboard_id)
        .where('occurred_at', '>=', since);
    const storedCount = async () =>
      Number(
        (
          await benchEvents()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Warm-up at the same rate: the JIT keeps compiling the API's and the worker's code for the
    // first tens of seconds of load, and the figure wanted is that of processes that have been
    // up for a while (and a worker that has booted). Its traces are then removed.
    const warming = await send(Math.round(rate * warmSeconds));
    const warmUntil = Date.now() + 120_000;
    while (Date.now() < warmUntil && (await storedCount()) < warming.at.size) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await handle.db
      .deleteFrom('dashboard_activity_events')
      .where('dashboard_id', '=', dashboard.dashboard_id)
      .where('occurred_at', '>=', since)
      .execute();
    await handle.db.deleteFrom('dashboard_views_monthly').execute();
    await handle.db.deleteFrom('outbox').execute();

    const total = Math.round(rate * duration);
    const cpuBefore = cpuSnapshot(processes);
    const started = Date.now();
    const { at: sentAt, latencies, failures } = await send(total);
    const sendSeconds = (Date.now() - started) / 1000;
    agent.destroy();

    const deadline = Date.now() + 120_000;
    let stored = 0;
    while (Date.now() < deadline) {
      stored = await storedCount();
      if (stored >= sentAt.size) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const cpu = cpuPerUnit(cpuBefore, cpuSnapshot(processes), stored);
    const events = await benchEvents().select(['event_id', 'recorded_at']).execute();
    const delays = events
      .map((e) => e.recorded_at.getTime() - (sentAt.get(e.event_id) ?? Number.NaN))
      .filter((d) => Number.isFinite(d))
      .sort((a, b) => a - b);
    const lastStored = Math.max(...events.map((e) => e.recorded_at.getTime()));
    const views = await handle.db.selectFrom('dashboard_views_monthly').select('views').executeTakeFirst();
    const sortedLatency = [...latencies].sort((a, b) => a - b);
    // Where the delay goes: outbox row to its publication (the relay), publication to stored event.
    const outbox = await handle.db
      .selectFrom('outbox')
      .select(['payload', 'created_at', 'published_at'])
      .execute();
    const storedAt = new Map(events.map((e) => [e.event_id, e.recorded_at.getTime()]));
    const relayDelays = outbox
      .map((o) => (o.published_at?.getTime() ?? Number.NaN) - o.created_at.getTime())
      .sort((a, b) => a - b);
    const queueDelays = outbox
      .map(
        (o) =>
          (storedAt.get((o.payload as { eventId: string }).eventId) ?? Number.NaN) -
          (o.published_at?.getTime() ?? Number.NaN),
      )
      .filter((d) => Number.isFinite(d))
      .sort((a, b) => a - b);

    console.log(
      `calls: ${fmt(total)} at ${fmt(rate)}/s over ${fmt(sendSeconds, 1)} s, ${failures} failed; API answer p50 ${percentile(sortedLatency, 50)} ms, p99 ${percentile(sortedLatency, 99)} ms`,
    );
    console.log(
      `stored: ${fmt(stored)} events (monthly count ${views?.views ?? 0}), ${fmt(stored / ((lastStored - started) / 1000), 0)} events/s from first call to last stored event`,
    );
    console.log(
      `call → stored event: p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms`,
    );
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        rate,
        calls: total,
        failed: failures,
        stored,
        eventsPerSecond: stored / ((lastStored - started) / 1000),
        p99: percentile(delays, 99),
        answerP99: percentile(sortedLatency, 99),
        history,
        // CPU ms per 1,000 stored events: the whole machine, and the worker and Postgres alone.
        cpuMsPerThousand: cpu ? cpu.machine * 1000 : null,
        workerCpuMsPerThousand: cpu ? (cpu.parts.worker?.total ?? 0) * 1000 : null,
        apiCpuMsPerThousand: cpu ? (cpu.parts.api?.total ?? 0) * 1000 : null,
        postgresCpuMsPerThousand: cpu ? (cpu.parts.postgres?.total ?? 0) * 1000 : null,
      })}`,
    );
    const passes = new Set(outbox.map((o) => o.published_at?.getTime())).size;
    console.log(
      `  outbox → published (relay): p50 ${percentile(relayDelays, 50)} ms, p99 ${percentile(relayDelays, 99)} ms; ${fmt(passes)} relay passes, ${fmt(outbox.length / passes, 1)} rows each`,
    );
    console.log(`  ${describeCpu(cpu, 'stored event')}`);
    console.log(
      `  published → stored (queue, worker): p50 ${percentile(queueDelays, 50)} ms, p99 ${percentile(queueDelays, 99)} ms`,
    );
  } finally {
    await worker?.stop();
    await api?.stop();
    await handle.close();
    await dropScratch(admin, name);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
