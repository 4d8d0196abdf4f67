// On demand, not in CI: the outbox relay's cost per event on an outbox that already holds
// `--history` published rows (none, or the 10,000,000 a portal tracking 1,200 calls a second
// piles up in under three hours when nothing deletes them).
//   npx tsx scripts/bench/relay.ts [--history 0] [--events 50000] [--fresh]
// The history is kept as a template database (bench_tpl_outbox_<rows>_<hash of the migrations'
// names>, template-databases.ts); each run copies it. The bench writes `--events` unpublished
// tracking rows at once, then runs relay passes (relayBatch, as the worker's relay loop does)
// until none is left: time and CPU per 1,000 events. The floor, in the same run, is the same
// BullMQ jobs added to Redis with no Postgres at all.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { connect, type Database } from '@portal/db';
import { activityDashboardEvent, createProducerQueues, jobOptions } from '@portal/queue';
import { TEST_REDIS_URL } from '@portal/testing';
import { relayBatch } from '@portal/workers/relay/outbox-relay';
import { type Kysely, sql } from 'kysely';
import { cpuPerUnit, cpuSnapshot, describeCpu } from './cpu-use.js';
import { bulkLoad } from './history-load.js';
import { scratchFromHistory } from './scratch-database.js';

const BATCH = 100; // the relay's default batchSize
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Tracking rows as the API writes them, `published` or waiting, created over the last year. */
async function insertTrackingRows(db: Kysely<Database>, rows: number, published: boolean) {
  await sql`
    insert into outbox (queue, job_name, payload, created_at, published_at)
    select 'activity', ${activityDashboardEvent.name},
      jsonb_build_object('eventId', gen_random_uuid(), 'dashboardId', 1 + n % 500, 'userId', 'user' || n % 20000,
        'kind', 'VIEW', 'occurredAt', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      at, case when ${published} then at + interval '40 milliseconds' end
    from generate_series(1, ${rows}) as n
    cross join lateral (
      select case when ${published} then now() - interval '365 days' * (1 - n::float8 / ${rows})
             else clock_timestamp() end as at
    ) t`.execute(db);
}

async function main() {
  const { values } = parseArgs({
    options: {
      history: { type: 'string', default: '0' },
      events: { type: 'string', default: '50000' },
      /** Rows relayed before the measured ones (the JIT's warm-up), not counted. */
      warm: { type: 'string', default: '5000' },
      fresh: { type: 'boolean', default: false },
    },
  });
  const history = Number(values.history);
  const events = Number(values.events);
  const { admin, name, url } = await scratchFromHistory('relay', {
    kind: 'outbox',
    rows: history,
    fresh: values.fresh,
    seed: async (db) => {
      if (history === 0) return;
      await sql`set maintenance_work_mem = '512MB'`.execute(db);
      await bulkLoad(db, 'outbox', () => insertTrackingRows(db, history, true));
    },
  });
  const handle = connect({ databaseUrl: url, maxConnections: 4 });
  const queues = createProducerQueues({
    redisUrl: TEST_REDIS_URL,
    prefix: `{bench-relay-${randomBytes(4).toString('hex')}}`,
    queues: ['activity'],
  });
  const queue = queues.get('activity');
  try {
    const relayAll = async (rows: number) => {
      await insertTrackingRows(handle.db, rows, false);
      await sql`analyze outbox`.execute(handle.db);
      const before = cpuSnapshot({ relay: process.pid });
      const started = performance.now();
      let published = 0;
      for (;;) {
        const outcome = await relayBatch(handle.db, queues);
        if (outcome.failed > 0 || outcome.invalid > 0) throw new Error(`relay failed: ${outcome.error}`);
        if (outcome.claimed === 0) break;
        published += outcome.published;
      }
      const ms = performance.now() - started;
      if (published !== rows) throw new Error(`relayed ${published} of ${rows}`);
      return { ms, cpu: cpuPerUnit(before, cpuSnapshot({ relay: process.pid }), rows) };
    };
    await relayAll(Number(values.warm));
    const run = await relayAll(events);
    const left = await handle.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('published_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(left.n) !== 0) throw new Error(`${left.n} rows left unpublished`);

    // The floor: the same grouped jobs (BATCH events each), added to Redis one after another.
    const payload = {
      eventId: '',
      dashboardId: 1,
      userId: 'u',
      kind: 'VIEW',
      occurredAt: new Date().toISOString(),
    };
    const floorStarted = performance.now();
    for (let i = 0; i < events / BATCH; i += 1) {
      await queue.add(
        activityDashboardEvent.name,
        Array.from({ length: BATCH }, () => ({ ...payload, eventId: crypto.randomUUID() })),
        { ...jobOptions(activityDashboardEvent), jobId: `floor-${i}` },
      );
    }
    const floorMs = performance.now() - floorStarted;

    const perThousand = (ms: number) => (ms * 1000) / events;
    console.log(
      `relay of ${fmt(events)} events over ${fmt(history)} published rows: ${fmt(run.ms)} ms, ` +
        `${fmt(perThousand(run.ms), 1)} ms per 1,000 events, ${fmt((events * 1000) / run.ms)} events/s; ` +
        `floor (the same jobs straight to Redis) ${fmt(perThousand(floorMs), 1)} ms per 1,000`,
    );
    console.log(`  ${describeCpu(run.cpu, 'event')}`);
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        history,
        events,
        ms: run.ms,
        msPerThousand: perThousand(run.ms),
        eventsPerSecond: (events * 1000) / run.ms,
        floorMsPerThousand: perThousand(floorMs),
        cpuMsPerThousand: run.cpu ? run.cpu.machine * 1000 : null,
        postgresCpuMsPerThousand: run.cpu ? (run.cpu.parts.postgres?.total ?? 0) * 1000 : null,
      })}`,
    );
  } finally {
    await queue.obliterate({ force: true }).catch(() => {});
    await queues.close();
    await handle.close();
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
