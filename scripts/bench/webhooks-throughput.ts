// On demand, and a row of `npm run bench`: how fast the workers send webhooks that are queued
// together, against a bare keep-alive client sending the same signed bodies to the same https
// receivers with as many in flight.
//   npx tsx scripts/bench/webhooks-throughput.ts [--deliveries 20000] [--endpoints 20] [--in-flight N]
// A scratch database (BENCH_ADMIN_URL's server), Redis, the real workers (outbox relay and the
// webhooks queue) and one https receiver on 127.0.0.2, in a process of its own, with a certificate
// from a CA made for the run, each endpoint under a host name of its own. The deliveries are made by the fan-out of
// (deliveries / endpoints) report events in one transaction; the figure runs from its commit to the
// last delivery recorded as succeeded. The floor has as many in flight as the workers may
// (WEBHOOK_MAX_IN_FLIGHT, at most WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT to each endpoint; --in-flight
// overrides it), and as many connections to each host.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect, findReportEvents, insertWebhookEndpoint, recordReportEvents } from '@portal/db';
import { workerConnection } from '@portal/queue';
import { TEST_REDIS_URL } from '@portal/testing';
import { generateSecret, sealSecret } from '@portal/webhooks';
import { DEFAULT_WEBHOOK_DISPATCH } from '@portal/workers/config';
import { startWorkers } from '@portal/workers/start-workers';
import { fanOutWebhooks } from '@portal/workers/webhooks/fan-out';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import pino from 'pino';
import { createScratch } from './scratch-database.js';
import {
  BENCH_CATEGORY,
  barePosts,
  benchLookup,
  HOOKS_DOMAIN,
  RECEIVER_ADDRESS,
  seedHookedPartner,
  startReceivers,
  trustBenchCa,
} from './webhook-receivers.js';

const ACCOUNT = 'svc-throughput';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const { values } = parseArgs({
    options: {
      deliveries: { type: 'string', default: '20000' },
      endpoints: { type: 'string', default: '20' },
      'in-flight': { type: 'string' },
    },
  });
  const endpointCount = Number(values.endpoints);
  const events = Math.ceil(Number(values.deliveries) / endpointCount);
  const deliveries = events * endpointCount;
  const { maxInFlight, maxInFlightPerEndpoint } = DEFAULT_WEBHOOK_DISPATCH;
  const inFlight = Number(
    values['in-flight'] ?? Math.min(maxInFlight, endpointCount * maxInFlightPerEndpoint),
  );
  const perHost = Math.min(inFlight, maxInFlightPerEndpoint);
  const certificates = trustBenchCa();
  const scratch = await createScratch('webhooks_throughput');
  const handle = connect({ databaseUrl: scratch.url, maxConnections: 10 });
  const mailDir = await mkdtemp(join(tmpdir(), 'portal-bench-throughput-'));
  const secretKey = randomBytes(32);
  const secrets = new Map<string, string>();
  const started = await startReceivers(certificates, ['ok']);
  const receiver = started.receivers.ok!;
  const prefix = `bench-throughput-${process.pid}`;
  let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
  try {
    const db = handle.db;
    const partnerId = await seedHookedPartner(db, ACCOUNT);
    for (let e = 1; e <= endpointCount; e += 1) {
      const name = `ep-${e}`;
      const secret = generateSecret();
      secrets.set(name, secret);
      started.setSecret(name, secret);
      await insertWebhookEndpoint(db, {
        serviceAccountId: ACCOUNT,
        url: `https://${name}.${HOOKS_DOMAIN}:${receiver.port}/hook/${name}`,
        description: `bench ${name}`,
        eventTypes: ['report.available'],
        partnerIds: [partnerId],
        categoryCodes: [],
        secretSealed: sealSecret(secretKey, secret),
        createdBy: ACCOUNT,
      });
    }
    const eventIds = await recordReportEvents(
      db,
      Array.from({ length: events }, (_, i) => ({
        eventType: 'report.available' as const,
        partnerId,
        categoryCode: BENCH_CATEGORY,
        reportId: i + 1,
        reportDate: '2026-11-25',
        fileName: `report-${i}.csv`,
      })),
    );
    // Their notifications jobs are not this bench's: the fan-out below is called directly.
    await db.deleteFrom('outbox').execute();

    workers = await startWorkers({
      handle,
      redisUrl: TEST_REDIS_URL,
      prefix,
      queues: ['webhooks'],
      mailConfig: { from: 'Partner Portal <no-reply@bench.local>', mailDir },
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

    // One transaction, fanned out 100 events at a time as the notifications worker does its
    // groups (a statement takes at most 65,535 parameters).
    const made = await db.transaction().execute(async (trx) => {
      let count = 0;
      for (let start = 0; start < eventIds.length; start += 100) {
        count += await fanOutWebhooks(
          trx,
          await findReportEvents(trx, eventIds.slice(start, start + 100)),
          new Date(),
        );
      }
      return count;
    });
    if (made !== deliveries) throw new Error(`the fan-out made ${made} deliveries, not ${deliveries}`);
    const queuedAt = performance.now();
    const succeeded = async () =>
      Number(
        (
          await db
            .selectFrom('webhook_deliveries')
            .select(db.fn.countAll<number>().as('n'))
            .where('status', '=', 'succeeded')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deadline = queuedAt + 30 * 60_000;
    let recorded = await succeeded();
    while (recorded < deliveries && performance.now() < deadline) {
      await sleep(50);
      recorded = await succeeded();
    }
    const portalMs = performance.now() - queuedAt;
    // The receivers report what came every 20 ms.
    while (receiver.arrivals.length < recorded && performance.now() < deadline) await sleep(50);
    const portalArrivals = receiver.arrivals.length;
    const ids = new Map<string, number>();
    for (const arrival of receiver.arrivals) ids.set(arrival.id, (ids.get(arrival.id) ?? 0) + 1);
    const badSignatures = receiver.arrivals.filter((arrival) => !arrival.verified).length;

    // The floor: the same bodies, signed with the same secrets, to the same URLs.
    const rows = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as w', 'w.endpoint_id', 'd.endpoint_id')
      .select(['d.delivery_id', 'd.body', 'w.url'])
      .orderBy('d.created_at')
      .execute();
    const posts = rows.map((row) => ({
      url: row.url,
      id: `${row.delivery_id}-floor`,
      body: row.body,
      secret: secrets.get(row.url.split('/').pop() ?? '') ?? '',
    }));
    const floorMs = await barePosts(posts, { inFlight, perHost });
    while (
      receiver.arrivals.length - portalArrivals < posts.length &&
      performance.now() < deadline + floorMs
    ) {
      await sleep(50);
    }
    const floorArrivals = receiver.arrivals.length - portalArrivals;

    const result = {
      deliveries,
      endpoints: endpointCount,
      inFlight,
      recorded,
      delivered: ids.size,
      duplicates: [...ids.values()].filter((count) => count > 1).length,
      badSignatures,
      portalMs: Math.round(portalMs),
      floorMs: Math.round(floorMs),
      floorDelivered: floorArrivals,
      ratio: floorMs / portalMs,
      maxOpen: receiver.maxOpen(),
    };
    console.log(
      `${deliveries} deliveries to ${endpointCount} https endpoints, queued to recorded: ${(portalMs / 1000).toFixed(1)} s ` +
        `(${Math.round((deliveries / portalMs) * 1000)}/s; ${result.delivered} ids, ${result.duplicates} twice, ` +
        `${badSignatures} bad signatures); bare keep-alive client, ${inFlight} in flight: ${(floorMs / 1000).toFixed(1)} s ` +
        `(${Math.round((deliveries / floorMs) * 1000)}/s); ratio ${result.ratio.toFixed(3)} (load ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await workers?.stop();
    await started.close();
    const queue = new Queue('webhooks', { connection: workerConnection(TEST_REDIS_URL), prefix });
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    await handle.close();
    await sql`drop database ${sql.id(scratch.name)}`.execute(scratch.admin.db);
    await scratch.admin.close();
    await rm(mailDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
