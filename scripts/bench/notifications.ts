// On demand: issue 28's bench row. Reports land across partners that people follow by mail and
// systems hear by webhook; how long until the last mail and the last delivery, nothing lost and
// nothing sent twice.
//   npx tsx scripts/bench/notifications.ts [--reports 10000] [--partners 10] [--subscribers 1000]
//     [--endpoints-per-partner 2] [--window 1]
// A scratch database (on BENCH_ADMIN_URL's server), Redis, the real workers (outbox relay, the
// notifications, mail and webhooks queues), a real SMTP server and a real HTTP receiver on
// 127.0.0.2 (the only range opened to the workers) that checks every signature. The window of the
// subscriptions is 1 s here, so the figure is the work, not the wait a person chose.
// Floors, measured in the same run on the same servers: the same number of signed POSTs sent by a
// bare keep-alive client, and the same number of mails sent by nodemailer, each 5 at a time as a
// worker does.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  connect,
  createServiceAccount,
  ingestReport,
  insertWebhookEndpoint,
  migrateToLatest,
  saveSubscription,
  setUserAccess,
} from '@portal/db';
import { LocalDiskStore } from '@portal/storage';
import { BENCH_ADMIN_URL, databaseUrl, TEST_REDIS_URL } from '@portal/testing';
import {
  ensureReferenceData,
  newCategory,
  newPartner,
  newPartnerCategory,
  newUser,
} from '@portal/testing/db';
import { startSmtpSink } from '@portal/testing/portal/smtp-sink';
import { generateSecret, sealSecret, signatureHeader } from '@portal/webhooks';
import { DEFAULT_WEBHOOK_DISPATCH } from '@portal/workers/config';
import { startWorkers } from '@portal/workers/start-workers';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { pool, signed } from './webhook-receivers.js';

const CATEGORY = 'SETTLE';
const CONCURRENCY = 5;

type Receiver = {
  url: string;
  ids: Map<string, number>;
  received: number;
  bad: number;
  lastAt: number;
  close(): Promise<void>;
};

async function startReceiver(secrets: Map<string, string>): Promise<Receiver> {
  const state = { ids: new Map<string, number>(), received: 0, bad: 0, lastAt: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = (req.url ?? '').split('/').pop() ?? '';
      const id = String(req.headers['webhook-id']);
      const ok = signed(
        secrets.get(endpoint) ?? '',
        id,
        String(req.headers['webhook-timestamp']),
        Buffer.concat(chunks).toString(),
        String(req.headers['webhook-signature'] ?? ''),
      );
      state.received += 1;
      if (!ok) state.bad += 1;
      state.ids.set(id, (state.ids.get(id) ?? 0) + 1);
      state.lastAt = performance.now();
      res.writeHead(ok ? 204 : 400).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.2');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.2:${port}`,
    get ids() {
      return state.ids;
    },
    get received() {
      return state.received;
    },
    get bad() {
      return state.bad;
    },
    get lastAt() {
      return state.lastAt;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Subject "12 new reports: P3 – Settlement" (encoded-word in the raw file) → 12, per recipient. */
async function mailsByRecipient(dir: string) {
  const { simpleParser } = await import('mailparser');
  const files = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  const reports = new Map<string, number>();
  const messageIds = new Set<string>();
  for (const name of files) {
    const mail = await simpleParser(await readFile(join(dir, name)));
    const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
    const count = Number(/^(\d+) new report/.exec(mail.subject ?? '')?.[1] ?? 0);
    reports.set(to ?? '', (reports.get(to ?? '') ?? 0) + count);
    messageIds.add(mail.messageId ?? name);
  }
  return { mails: files.length, reports, uniqueMessageIds: messageIds.size };
}

async function main() {
  const { values } = parseArgs({
    options: {
      reports: { type: 'string', default: '10000' },
      partners: { type: 'string', default: '10' },
      subscribers: { type: 'string', default: '1000' },
      'endpoints-per-partner': { type: 'string', default: '2' },
      window: { type: 'string', default: '1' },
    },
  });
  const reportCount = Number(values.reports);
  const partnerCount = Number(values.partners);
  const subscriberCount = Number(values.subscribers);
  const endpointsPerPartner = Number(values['endpoints-per-partner']);
  const name = `portal_bench_notifications_${process.pid}`;
  const admin = connect({ databaseUrl: BENCH_ADMIN_URL, maxConnections: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const handle = connect({ databaseUrl: databaseUrl(name, BENCH_ADMIN_URL), maxConnections: 10 });
  const filesDir = await mkdtemp(join(tmpdir(), 'portal-bench-notify-files-'));
  const mailDir = await mkdtemp(join(tmpdir(), 'portal-bench-notify-mail-'));
  const floorMailDir = await mkdtemp(join(tmpdir(), 'portal-bench-notify-floor-'));
  const secretKey = randomBytes(32);
  const secrets = new Map<string, string>();
  const receiver = await startReceiver(secrets);
  const smtp = await startSmtpSink(mailDir);
  let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
  try {
    await migrateToLatest(handle.db);
    const db = handle.db;
    await ensureReferenceData(db);
    await newCategory(db, { code: CATEGORY, name: 'Settlement' });
    const partners: { id: number; code: string }[] = [];
    for (let p = 1; p <= partnerCount; p += 1) {
      const code = `P${p}`;
      const id = await newPartner(db, { code });
      await newPartnerCategory(db, { partnerId: id, categoryCode: CATEGORY });
      partners.push({ id, code });
      await createServiceAccount(db, {
        userId: `svc-${code}`,
        name: `System of ${code}`,
        features: ['VIEW_REPORTS'],
        partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: code }],
      });
      for (let e = 1; e <= endpointsPerPartner; e += 1) {
        const secret = generateSecret();
        const endpointId = await insertWebhookEndpoint(db, {
          serviceAccountId: `svc-${code}`,
          url: '',
          description: `bench ${code} #${e}`,
          eventTypes: ['report.available', 'report.replaced'],
          partnerIds: [id],
          categoryCodes: [],
          secretSealed: sealSecret(secretKey, secret),
          createdBy: `svc-${code}`,
        });
        secrets.set(endpointId, secret);
        await db
          .updateTable('webhook_endpoints')
          .set({ url: `${receiver.url}/hook/${endpointId}` })
          .where('endpoint_id', '=', endpointId)
          .execute();
      }
    }
    for (let s = 0; s < subscriberCount; s += 1) {
      const partner = partners[s % partnerCount]!;
      const userId = `sub-${String(s).padStart(5, '0')}`;
      await newUser(db, { userId, email: `${userId}@bench.local` });
      await setUserAccess(db, userId, {
        features: ['VIEW_REPORTS'],
        partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: partner.code }],
      });
      await saveSubscription(
        db,
        { userId, partnerId: partner.id, categoryCode: CATEGORY },
        { delivery: 'AS_THEY_ARRIVE', digestTime: null, frequencyTypeCodes: [] },
      );
    }
    console.log(
      `seeded ${partnerCount} partners, ${subscriberCount} subscribers, ${partnerCount * endpointsPerPartner} endpoints`,
    );

    workers = await startWorkers({
      handle,
      redisUrl: TEST_REDIS_URL,
      // A prefix of its own: each run's database is new, and a prefix belongs to one database.
      prefix: `{bench-notify-${randomBytes(4).toString('hex')}}`,
      mailConfig: { smtpUrl: smtp.url, from: 'Partner Portal <no-reply@bench.local>', mailDir },
      logger: pino({ level: 'warn' }),
      subscriptionWindowSeconds: Number(values.window),
      webhooks: {
        ...DEFAULT_WEBHOOK_DISPATCH,
        secretKey,
        allowedRanges: ['127.0.0.2/32'],
        allowHttp: true,
        retryBaseMs: 1000,
        disableAfterFailures: 50,
      },
    });

    const store = new LocalDiskStore({ root: filesDir });
    const landings = Array.from({ length: reportCount }, (_, i) => i);
    const started = performance.now();
    await pool(landings, 16, async (i) => {
      const partner = partners[i % partnerCount]!;
      await ingestReport(db, store, {
        accessTypeCode: 'EXT',
        partnerCode: partner.code,
        categoryCode: CATEGORY,
        frequencyTypeCode: 'DLY',
        reportDate: '2026-11-25',
        fileName: `report-${String(i).padStart(6, '0')}.csv`,
        body: Buffer.from(`row,${i}\n`),
        contentType: 'text/csv',
      });
    });
    const landedMs = performance.now() - started;
    const deliveries = reportCount * endpointsPerPartner;
    await waitUntil('every delivery', async () => receiver.ids.size >= deliveries, 30 * 60_000);
    const lastDeliveryMs = receiver.lastAt - started;
    await waitUntil(
      'every mail',
      async () => {
        const pending = await db
          .selectFrom('report_subscription_items')
          .select('event_id')
          .limit(1)
          .execute();
        const unsent = await db
          .selectFrom('mail_deliveries')
          .select('job_id')
          .where('status', '!=', 'sent')
          .limit(1)
          .execute();
        const unpublished = await db
          .selectFrom('outbox')
          .select('outbox_id')
          .where('published_at', 'is', null)
          .where('queue', '=', 'mail')
          .limit(1)
          .execute();
        const mailJobs = await db
          .selectFrom('outbox')
          .select(db.fn.countAll<string>().as('n'))
          .where('queue', '=', 'mail')
          .executeTakeFirstOrThrow();
        const sent = await db
          .selectFrom('mail_deliveries')
          .select(db.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        return pending.length + unsent.length + unpublished.length === 0 && sent.n === mailJobs.n;
      },
      30 * 60_000,
    );
    const lastMail = await db
      .selectFrom('mail_deliveries')
      .select(sql<Date>`max(sent_at)`.as('at'))
      .executeTakeFirstOrThrow();
    // Settle: anything still to come would be a second send.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const duplicates = [...receiver.ids.values()].filter((count) => count > 1).length;
    const delivered = receiver.ids.size;
    const mails = await mailsByRecipient(mailDir);
    // Only the subscribers' mails (a batch's catch-up summary to the operations mailbox may be there too).
    const told = [...mails.reports].filter(([to]) => to.endsWith('@bench.local'));
    const perSubscriber = reportCount / partnerCount;
    const short =
      told.filter(([, count]) => count !== perSubscriber).length + (subscriberCount - told.length);
    const lastMailMs = (lastMail.at?.getTime() ?? 0) - (performance.timeOrigin + started);

    // Floors: the same sends with none of the portal's machinery.
    const body = JSON.stringify({ type: 'report.available', timestamp: new Date().toISOString(), data: {} });
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const [firstEndpoint, firstSecret] = [...secrets.entries()][0]!;
    const floorIds = Array.from({ length: deliveries }, (_, i) => `msg_floor${i}`);
    const before = receiver.received;
    const floorStart = performance.now();
    await pool(floorIds, CONCURRENCY, async (id) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      await new Promise<void>((resolve, reject) => {
        const req = request(`${receiver.url}/hook/${firstEndpoint}`, {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': timestamp,
            'webhook-signature': signatureHeader([firstSecret], id, Number(timestamp), body),
          },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end(body);
      });
    });
    const postFloorMs = performance.now() - floorStart;
    agent.destroy();
    if (receiver.received - before !== deliveries) throw new Error('floor: a POST went missing');

    const floorSmtp = await startSmtpSink(floorMailDir);
    const transport = nodemailer.createTransport(floorSmtp.url);
    const mailFloorStart = performance.now();
    await pool(
      Array.from({ length: mails.mails }, (_, i) => i),
      CONCURRENCY,
      async (i) => {
        await transport.sendMail({
          from: 'bench@bench.local',
          to: `sub-${i}@bench.local`,
          subject: `${perSubscriber} new reports`,
          text: 'x'.repeat(3000),
        });
      },
    );
    const mailFloorMs = performance.now() - mailFloorStart;
    transport.close();
    await floorSmtp.close();

    const result = {
      reports: reportCount,
      landedMs: Math.round(landedMs),
      deliveries,
      delivered,
      duplicates,
      badSignatures: receiver.bad,
      lastDeliveryMs: Math.round(lastDeliveryMs),
      deliveryFloorMs: Math.round(postFloorMs),
      mails: mails.mails,
      uniqueMessageIds: mails.uniqueMessageIds,
      subscribersMailed: told.length,
      subscribersShort: short,
      lastMailMs: Math.round(lastMailMs),
      mailFloorMs: Math.round(mailFloorMs),
    };
    console.log(
      `${reportCount} reports landed in ${(landedMs / 1000).toFixed(1)} s; ` +
        `last delivery at ${(lastDeliveryMs / 1000).toFixed(1)} s (${delivered} of ${deliveries} ids, ` +
        `${duplicates} twice, ${receiver.bad} bad signatures; floor ${(postFloorMs / 1000).toFixed(1)} s); ` +
        `last mail at ${(lastMailMs / 1000).toFixed(1)} s (${mails.mails} mails to ${told.length} subscribers, ` +
        `${short} not told of exactly ${perSubscriber} reports; floor ${(mailFloorMs / 1000).toFixed(1)} s)`,
    );
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await workers?.stop();
    await receiver.close();
    await smtp.close();
    await handle.close();
    await sql`drop database ${sql.id(name)}`.execute(admin.db);
    await admin.close();
    for (const dir of [filesDir, mailDir, floorMailDir]) await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
