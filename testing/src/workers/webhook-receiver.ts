import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { type Database, insertWebhookDeliveries } from '@portal/db';
import { enqueue, workerConnection } from '@portal/queue';
import { newDeliveryId, TEST_EVENT_TYPE, testEventBody } from '@portal/webhooks';
import { DEFAULT_WEBHOOK_DISPATCH, type WebhookDeliverySettings } from '@portal/workers/config';
import { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { makeTestCertificates, type TestCertificates } from '../test-ca.js';
import { waitFor } from './helpers.js';

// A real webhook receiver for the tests, on a loopback address of its own (127.0.0.2, the only
// range the tests open), speaking https with a certificate from a CA made for the test run: it
// verifies every delivery with the `standardwebhooks` library, as a partner's system would, and
// keeps what came. Each path answers as the test sets it. The CA is trusted through Node's own
// mechanisms only: tls.setDefaultCACertificates in this process, NODE_EXTRA_CA_CERTS (`caFile`) in
// a worker process the test starts; nothing in the portal's settings names it.

let testCa: TestCertificates | undefined;

/** The run's CA and the receivers' certificate (127.0.0.2 and *.hooks.test), trusted by this process. */
export function receiverCertificates(): TestCertificates {
  if (!testCa) {
    testCa = makeTestCertificates(['127.0.0.2', 'hooks.test', '*.hooks.test']);
    setDefaultCACertificates([...getCACertificates('default'), testCa.ca]);
  }
  return testCa;
}

/** The WEBHOOK_* settings of a test: its key, ranges and retries, the default caps and timeouts. */
export function testWebhookSettings(
  settings: Pick<
    WebhookDeliverySettings,
    'secretKey' | 'allowedRanges' | 'retryBaseMs' | 'disableAfterFailures'
  > &
    Partial<WebhookDeliverySettings>,
): WebhookDeliverySettings {
  return { allowHttp: false, ...DEFAULT_WEBHOOK_DISPATCH, ...settings };
}

export type ReceivedWebhook = {
  path: string;
  webhookId: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
  /** Whether the signature verified with the secret the test named for the path. */
  verified: boolean;
};

/** A response, or `drop`: the connection is closed with no answer (a load balancer giving up on its backend). */
export type Answer = { status: number; headers?: Record<string, string> } | { drop: true };

export type WebhookReceiver = {
  /** https://127.0.0.2:<port> (http:// with `{ tls: false }`) */
  origin: string;
  /** The CA file a worker process needs in NODE_EXTRA_CA_CERTS to trust this receiver ('' when unknown). */
  caFile: string;
  received: ReceivedWebhook[];
  /** The deliveries of one path. */
  at(path: string): ReceivedWebhook[];
  /** The secret a path's deliveries must verify with. */
  expectSecret(path: string, secret: string): void;
  /** How a path answers its n-th delivery (0-based; a promise holds the answer back); 204 by default. */
  answer(path: string, respond: (n: number) => Answer | Promise<Answer>): void;
  /** Connections open now, and the most that were ever open at once. */
  connections(): { open: number; maxOpen: number };
  close(): Promise<void>;
};

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * A receiver on `host`, over https unless `tls` is false: with this run's CA (receiverCertificates),
 * or with a certificate made where the workers run (the browser tests' portal, in vitest's main
 * process, trusts a CA of its own and hands its certificate over).
 */
export async function startWebhookReceiver(
  host = '127.0.0.2',
  options: { tls?: boolean | { cert: string; key: string; caFile?: string } } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const secrets = new Map<string, string>();
  const answers = new Map<string, (n: number) => Answer | Promise<Answer>>();
  const tls = options.tls ?? true;
  const certificates = tls === true ? receiverCertificates() : tls === false ? undefined : tls;
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = headersOf(request);
      const secret = secrets.get(path);
      let verified = false;
      if (secret !== undefined) {
        try {
          new Webhook(secret).verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const n = received.filter((r) => r.path === path).length;
      received.push({
        path,
        webhookId: headers['webhook-id'] ?? '',
        timestamp: headers['webhook-timestamp'] ?? '',
        signature: headers['webhook-signature'] ?? '',
        body,
        headers,
        verified,
      });
      void Promise.resolve(answers.get(path)?.(n) ?? { status: 204 }).then((answer) => {
        if (response.destroyed) return;
        if ('drop' in answer) request.socket.destroy();
        else response.writeHead(answer.status, answer.headers).end();
      });
    });
  };
  const server: Server = certificates
    ? createHttpsServer({ cert: certificates.cert, key: certificates.key }, listener)
    : createServer(listener);
  const counts = { open: 0, maxOpen: 0 };
  server.on(certificates ? 'secureConnection' : 'connection', (socket: Socket) => {
    counts.open += 1;
    counts.maxOpen = Math.max(counts.maxOpen, counts.open);
    socket.once('close', () => {
      counts.open -= 1;
    });
  });
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${certificates ? 'https' : 'http'}://${host}:${port}`,
    caFile: certificates?.caFile ?? '',
    received,
    at: (path) => received.filter((r) => r.path === path),
    expectSecret: (path, secret) => void secrets.set(path, secret),
    answer: (path, respond) => void answers.set(path, respond),
    connections: () => ({ ...counts }),
    close: () => closeServer(server),
  };
}

export type ConnectionCounter = { port: number; connections(): number; close(): Promise<void> };

/** A server that only counts the connections it accepts: where a refused delivery must not reach. */
export async function startConnectionCounter(host: string): Promise<ConnectionCounter> {
  let count = 0;
  const server = createServer((_request, response) => response.writeHead(204).end());
  server.on('connection', (_socket: Socket) => {
    count += 1;
  });
  server.listen(0, host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** What "Send test event" does: a delivery of no event, due `now`, and a wake-up, in one transaction. */
export async function queueTestDelivery(
  db: Kysely<Database>,
  endpointId: string,
  now = new Date(),
): Promise<string> {
  const delivery = {
    deliveryId: newDeliveryId(),
    endpointId,
    eventId: null,
    eventType: TEST_EVENT_TYPE,
    body: testEventBody(endpointId, now),
  };
  await db.transaction().execute(async (trx) => {
    await insertWebhookDeliveries(trx, [delivery], { dueAt: now });
    await enqueue(trx, { name: 'webhooks.wake', payload: { reason: 'test event' } });
  });
  return delivery.deliveryId;
}

/**
 * Runs a job of the former webhooks.deliver for a delivery, as one left in Redis by the upgrade (or
 * a replay) would, and waits for it to end.
 */
export async function replayDeliveryJob(redisUrl: string, prefix: string, deliveryId: string): Promise<void> {
  const queue = new Queue('webhooks', { connection: workerConnection(redisUrl), prefix });
  try {
    const jobId = `webhook-${deliveryId}-replay`;
    const replay = await queue.add('webhooks.deliver', { deliveryId }, { jobId });
    await waitFor(
      'the replayed job completed',
      async () => (await replay.getState()) === 'completed',
      20_000,
    );
  } finally {
    await queue.close();
  }
}
