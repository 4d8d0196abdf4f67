// On demand, and a row of `npm run bench`: does one partner's broken receiver slow another's
// webhooks? Reports land at a steady rate, each heard by one healthy endpoint; first alone (the
// floor), then beside 10 endpoints that accept the connection and never answer and 10 that answer
// 500. The figure is the healthy endpoint's upload-to-delivery p99 beside them, against the floor
// from the same run.
//   npx tsx scripts/bench/webhooks-noisy.ts [--rate 10] [--seconds 15] [--wait 30]
// A scratch database (BENCH_ADMIN_URL's server), Redis, the real workers (outbox relay,
// notifications and webhooks queues, the production retry base of 30 s) and https receivers on
// 127.0.0.2, in a process of their own, with a certificate from a CA made for the run. A phase
// waits at most --wait seconds after its last upload: a delivery that has not come by then counts
// at that wait, so the p99 is then a lower bound (marked ≥).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect, type Database, ingestReport, insertWebhookEndpoint } from '@portal/db';
import { workerConnection } from '@portal/queue';
import { LocalDiskStore } from '@portal/storage';
import { TEST_REDIS_URL } from '@portal/testing';
import { generateSecret, sealSecret } from '@portal/webhooks';
import { DEFAULT_WEBHOOK_DISPATCH } from '@portal/workers/config';
import { startWorkers } from '@portal/workers/start-workers';
import { Queue } from 'bullmq';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { createScratch } from './scratch-database.js';
import {
  BENCH_CATEGORY,
  BENCH_PARTNER,
  type Behaviour,
  benchLookup,
  HOOKS_DOMAIN,
  type HttpsReceiver,
  percentile,
  RECEIVER_ADDRESS,
  type Receivers,
  seedHookedPartner,
  sharedNow,
  startReceivers,
  trustBenchCa,
} from './webhook-receivers.js';

const ACCOUNT = 'svc-noisy';

type Phase = {
  reports: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  /** True when a delivery had not come within the wait: p99 (or max) is then a lower bound. */
  lowerBound: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '10' },
      seconds: { type: 'string', default: '15' },
      wait: { type: 'string', default: '30' },
    },
  });
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const waitMs = Number(values.wait) * 1000;
  const certificates = trustBenchCa();
  const scratch = await createScratch('webhooks_noisy');
  const handle = connect({ databaseUrl: scratch.url, maxConnections: 10 });
  const filesDir = await mkdtemp(join(tmpdir(), 'portal-bench-noisy-'));
  const secretKey = randomBytes(32);
  const started = await startReceivers(certificates, ['ok', 'hang', 'fail']);
  const receivers = started.receivers as Record<Behaviour, HttpsReceiver>;
  const prefix = `bench-noisy-${process.pid}`;
  let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
  try {
    const db = handle.db;
    const partnerId = await seedHookedPartner(db, ACCOUNT);
    const addEndpoint = (name: string, kind: keyof typeof receivers) =>
      registerEndpoint(db, { name, port: receivers[kind].port, partnerId, secretKey, receivers: started });
    const healthy = await addEndpoint('healthy', 'ok');

    workers = await startWorkers({
      handle,
      redisUrl: TEST_REDIS_URL,
      prefix,
      queues: ['notifications', 'webhooks'],
      mailConfig: { from: 'Partner Portal <no-reply@bench.local>', mailDir: filesDir },
      logger: pino({ level: 'error' }),
      webhooks: {
        ...DEFAULT_WEBHOOK_DISPATCH,
        secretKey,
        allowedRanges: [`${RECEIVER_ADDRESS}/32`],
        allowHttp: false,
        retryBaseMs: 30_000,
        disableAfterFailures: 50,
      },
      webhookLookup: benchLookup,
    });
    const store = new LocalDiskStore({ root: filesDir });

    const runPhase = async (label: string): Promise<Phase> => {
      const count = Math.round(rate * seconds);
      const uploadedAt = new Map<string, number>();
      const uploads: Promise<unknown>[] = [];
      const start = sharedNow();
      for (let i = 0; i < count; i += 1) {
        const due = start + (i * 1000) / rate;
        const ahead = due - sharedNow();
        if (ahead > 0) await sleep(ahead);
        const fileName = `${label}-${String(i).padStart(5, '0')}.csv`;
        uploadedAt.set(fileName, sharedNow());
        uploads.push(
          ingestReport(db, store, {
            accessTypeCode: 'EXT',
            partnerCode: BENCH_PARTNER,
            categoryCode: BENCH_CATEGORY,
            frequencyTypeCode: 'DLY',
            reportDate: '2026-11-25',
            fileName,
            body: Buffer.from(`row,${i}\n`),
            contentType: 'text/csv',
          }),
        );
      }
      await Promise.all(uploads);
      const arrivedAt = () => {
        const arrived = new Map<string, number>();
        for (const arrival of receivers.ok.arrivals) {
          if (arrival.endpoint !== healthy) continue;
          const { fileName } = arrival;
          if (fileName && uploadedAt.has(fileName) && !arrived.has(fileName))
            arrived.set(fileName, arrival.at);
        }
        return arrived;
      };
      const deadline = sharedNow() + waitMs;
      while (arrivedAt().size < count && sharedNow() < deadline) await sleep(100);
      const arrived = arrivedAt();
      const timed = [...uploadedAt].map(([fileName, at]) => ({
        offset: at - start,
        latency: (arrived.get(fileName) ?? deadline) - at,
      }));
      const latencies = timed.map((t) => t.latency).sort((a, b) => a - b);
      // When in the phase the slowest 1% were uploaded: a burst at its start, or spread out.
      const slowest = timed
        .filter((t) => t.latency >= percentile(latencies, 99))
        .map((t) => `${(t.offset / 1000).toFixed(1)} s`);
      const phase = {
        reports: count,
        received: arrived.size,
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
        max: Math.round(latencies.at(-1) ?? 0),
        lowerBound: arrived.size < count,
      };
      console.log(
        `${label}: ${phase.received} of ${count} delivered to the healthy endpoint; p50 ${phase.p50} ms, ` +
          `p99 ${phase.lowerBound ? '≥ ' : ''}${phase.p99} ms, max ${phase.max} ms; the slowest 1% uploaded at ` +
          `${slowest.slice(0, 10).join(', ')} into the phase (load ${loadavg()[0]!.toFixed(1)})`,
      );
      return phase;
    };

    const alone = await runPhase('alone');
    for (let i = 1; i <= 10; i += 1) await addEndpoint(`hang-${i}`, 'hang');
    for (let i = 1; i <= 10; i += 1) await addEndpoint(`fail-${i}`, 'fail');
    const noisy = await runPhase('noisy');
    const result = {
      rate,
      seconds,
      waitSeconds: waitMs / 1000,
      alone,
      noisy,
      ratio: noisy.p99 / alone.p99,
      hangingRequests: receivers.hang.arrivals.length,
      failingRequests: receivers.fail.arrivals.length,
      hangingMaxOpen: receivers.hang.maxOpen(),
    };
    console.log(
      `healthy p99 beside 10 hanging and 10 failing endpoints: ${noisy.lowerBound ? '≥ ' : ''}${noisy.p99} ms, ` +
        `alone ${alone.p99} ms (ratio ${result.ratio.toFixed(2)}); the hanging ones got ${result.hangingRequests} ` +
        `requests (at most ${result.hangingMaxOpen} connections open at once), the failing ones ${result.failingRequests}`,
    );
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    // The receivers close first, so that no attempt waits on a hanging one while the workers stop.
    await started.close();
    await workers?.stop();
    for (const name of ['notifications', 'webhooks']) {
      const queue = new Queue(name, { connection: workerConnection(TEST_REDIS_URL), prefix });
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
    }
    await handle.close();
    await sql`drop database ${sql.id(scratch.name)}`.execute(scratch.admin.db);
    await scratch.admin.close();
    await rm(filesDir, { recursive: true, force: true });
  }
}

/** An endpoint `https://<name>.hooks.bench:<port>/hook/<name>`; the receivers know it by its name. */
async function registerEndpoint(
  db: Kysely<Database>,
  options: { name: string; port: number; partnerId: number; secretKey: Buffer; receivers: Receivers },
): Promise<string> {
  const secret = generateSecret();
  await insertWebhookEndpoint(db, {
    serviceAccountId: ACCOUNT,
    url: `https://${options.name}.${HOOKS_DOMAIN}:${options.port}/hook/${options.name}`,
    description: `bench ${options.name}`,
    eventTypes: ['report.available', 'report.replaced'],
    partnerIds: [options.partnerId],
    categoryCodes: [],
    secretSealed: sealSecret(options.secretKey, secret),
    createdBy: ACCOUNT,
  });
  options.receivers.setSecret(options.name, secret);
  return options.name;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
