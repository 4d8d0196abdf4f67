// The demo webhook endpoint of `npm start` (issue 28): a receiver in the dev tools, never in
// production, that checks each delivery's Standard Webhooks signature and keeps the last events in
// memory; `curl http://127.0.0.1:8020/events` shows them. The demo seed registers it for a service
// account of BJ's (every event type), with a signing secret both sides know, since the demo's
// secret is no secret: a real endpoint's secret is drawn at registration and shown once. Both read
// the port from DEMO_WEBHOOK_PORT (8020 by default): a second portal on the machine, given another
// port, has its demo events delivered to its own receiver.
//   node --import tsx scripts/demo-webhooks.ts   (started by scripts/start.mjs)
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  createServiceAccount,
  type Database,
  findCatalogPartner,
  findServiceAccount,
  insertWebhookDeliveries,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from '@portal/db';
import { REPORT_EVENT_TYPES } from '@portal/domain/reports/report-events';
import { enqueue } from '@portal/queue';
import { newDeliveryId, sealSecret, TEST_EVENT_TYPE, testEventBody } from '@portal/webhooks';
import type { Kysely } from 'kysely';

export const DEMO_WEBHOOK_PORT = 8020;
export const DEMO_SERVICE_ACCOUNT = 'svc-demo-webhooks';

/** The port of the demo receiver: DEMO_WEBHOOK_PORT, else 8020; a wrong value stops, naming it. */
export function demoWebhookPort(env: Record<string, string | undefined> = process.env): number {
  const text = env.DEMO_WEBHOOK_PORT?.trim() || String(DEMO_WEBHOOK_PORT);
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65_535)) {
    throw new Error(`DEMO_WEBHOOK_PORT must be a port number from 1 to 65535, not '${text}'.`);
  }
  return port;
}

/** Where the demo receiver on `port` takes deliveries. */
export const demoWebhookUrl = (port: number) => `http://127.0.0.1:${port}/webhooks`;
const demoDescription = (port: number) =>
  `Demo receiver of the dev tools (npm start): curl http://127.0.0.1:${port}/events`;
/** An address the seed gave the demo endpoint, at whatever port. */
const DEMO_URL = /^http:\/\/127\.0\.0\.1:\d+\/webhooks$/;
/** Known to the seed and the receiver alike: the demo's, never a real endpoint's. */
export const DEMO_WEBHOOK_SECRET = `whsec_${createHash('sha256').update('partner-portal demo webhook receiver').digest('base64')}`;

/**
 * Registers the demo endpoint once (a service account of BJ's and its endpoint, at the receiver's
 * `port`) and queues a test event to it, so that the Webhooks page and the receiver both show a
 * delivery on the first start. Registered before, at another port, it is moved to this one.
 */
export async function seedDemoWebhook(
  db: Kysely<Database>,
  secretKey: Buffer,
  port: number = demoWebhookPort(),
): Promise<boolean> {
  if (await findServiceAccount(db, DEMO_SERVICE_ACCOUNT)) {
    await followReceiverPort(db, port);
    return false;
  }
  const partner = await findCatalogPartner(db, 'EXT', 'BJS');
  if (!partner) return false;
  await db.transaction().execute(async (trx) => {
    await createServiceAccount(trx, {
      userId: DEMO_SERVICE_ACCOUNT,
      name: "BJ's reporting system (demo webhooks)",
      features: ['VIEW_REPORTS'],
      partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    });
    const endpointId = await insertWebhookEndpoint(trx, {
      serviceAccountId: DEMO_SERVICE_ACCOUNT,
      url: demoWebhookUrl(port),
      description: demoDescription(port),
      eventTypes: [...REPORT_EVENT_TYPES],
      partnerIds: [partner.partnerId],
      categoryCodes: [],
      secretSealed: sealSecret(secretKey, DEMO_WEBHOOK_SECRET),
      createdBy: 'E100001',
    });
    const now = new Date();
    await insertWebhookDeliveries(
      trx,
      [
        {
          deliveryId: newDeliveryId(),
          endpointId,
          eventId: null,
          eventType: TEST_EVENT_TYPE,
          body: testEventBody(endpointId, now),
        },
      ],
      { dueAt: now },
    );
    await enqueue(trx, { name: 'webhooks.wake', payload: { reason: 'test event' } });
  });
  return true;
}

/** The demo endpoint, still at the seed's address but at another port, moves to the receiver's. */
async function followReceiverPort(db: Kysely<Database>, port: number): Promise<void> {
  const moved = (endpoint: WebhookEndpoint) =>
    endpoint.serviceAccountId === DEMO_SERVICE_ACCOUNT &&
    DEMO_URL.test(endpoint.url) &&
    endpoint.url !== demoWebhookUrl(port);
  for (const endpoint of (await listWebhookEndpoints(db)).filter(moved)) {
    await updateWebhookEndpoint(db, endpoint.endpointId, {
      url: demoWebhookUrl(port),
      description: demoDescription(port),
      eventTypes: endpoint.eventTypes,
      partnerIds: endpoint.partners.map((partner) => partner.partnerId),
      categoryCodes: endpoint.categoryCodes,
    });
  }
}

export type ReceivedEvent = {
  webhookId: string;
  verified: boolean;
  receivedAt: string;
  type: string | null;
  data: unknown;
};

function verified(id: string, timestamp: string, body: string, header: string): boolean {
  const key = Buffer.from(DEMO_WEBHOOK_SECRET.slice('whsec_'.length), 'base64');
  const expected = Buffer.from(
    `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
  );
  return header.split(' ').some((part) => {
    const given = Buffer.from(part);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** POST /webhooks takes deliveries (204 when the signature holds, else 401); GET /events lists the last 200. */
export async function startDemoWebhookReceiver(
  port: number,
  host = '127.0.0.1',
): Promise<{ server: Server; url: string }> {
  const events: ReceivedEvent[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/events') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events }, null, 2));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/webhooks') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 1_000_000) chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const webhookId = String(req.headers['webhook-id'] ?? '');
      const ok = verified(
        webhookId,
        String(req.headers['webhook-timestamp'] ?? ''),
        body,
        String(req.headers['webhook-signature'] ?? ''),
      );
      let parsed: { type?: string; data?: unknown } = {};
      try {
        parsed = JSON.parse(body);
      } catch {}
      events.unshift({
        webhookId,
        verified: ok,
        receivedAt: new Date().toISOString(),
        type: parsed.type ?? null,
        data: parsed.data ?? null,
      });
      events.splice(200);
      console.log(
        `demo-webhooks: ${parsed.type ?? '?'} ${webhookId} ${ok ? 'signature verified' : 'BAD SIGNATURE'}`,
      );
      res.writeHead(ok ? 204 : 401).end();
    });
  });
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as { port: number };
  return { server, url: `http://${host}:${address.port}` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { url } = await startDemoWebhookReceiver(demoWebhookPort());
  console.log(`demo-webhooks: receiving at ${url}/webhooks; events at ${url}/events`);
}
