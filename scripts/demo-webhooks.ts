// The demo webhook endpoint of `npm start` (issue 28): a receiver in the dev tools, never in
// production, that checks each delivery's Standard Webhooks signature and keeps the last events in
// memory; `curl http://127.0.0.1:8020/events` shows them. The demo seed registers it for a service
// account of BJ's (every event type), with a signing secret both sides know, since the demo's
// secret is no secret: a real endpoint's secret is drawn at registration and shown once.
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
} from '@portal/db';
import { REPORT_EVENT_TYPES } from '@portal/domain/report-events';
import { enqueue } from '@portal/queue';
import { newDeliveryId, sealSecret, TEST_EVENT_TYPE, testEventBody } from '@portal/webhooks';
import type { Kysely } from 'kysely';

export const DEMO_WEBHOOK_PORT = 8020;
/** DEMO_WEBHOOK_PORT, else 8020: `npm start` opens this one port of 127.0.0.1 (WEBHOOK_ALLOWED_RANGES). */
export const demoWebhookPort = (env: NodeJS.ProcessEnv = process.env) =>
  Number(env.DEMO_WEBHOOK_PORT || DEMO_WEBHOOK_PORT);
export const DEMO_SERVICE_ACCOUNT = 'svc-demo-webhooks';
/** Known to the seed and the receiver alike: the demo's, never a real endpoint's. */
export const DEMO_WEBHOOK_SECRET = `whsec_${createHash('sha256').update('partner-portal demo webhook receiver').digest('base64')}`;

/**
 * Registers the demo endpoint once (a service account of BJ's and its endpoint) and queues a test
 * event to it, so that the Webhooks page and the receiver both show a delivery on the first start.
 */
export async function seedDemoWebhook(
  db: Kysely<Database>,
  secretKey: Buffer,
  port = demoWebhookPort(),
): Promise<boolean> {
  if (await findServiceAccount(db, DEMO_SERVICE_ACCOUNT)) return false;
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
      url: `http://127.0.0.1:${port}/webhooks`,
      description: `Demo receiver of the dev tools (npm start): curl http://127.0.0.1:${port}/events`,
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
