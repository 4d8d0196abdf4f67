import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

// A real webhook receiver for the tests, on a loopback address of its own (127.0.0.2, the only
// range the tests open): it verifies every delivery with the `standardwebhooks` library, as a
// partner's system would, and keeps what came. Each path answers as the test sets it.

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

export type Answer = { status: number; headers?: Record<string, string> };

export type WebhookReceiver = {
  /** http://127.0.0.2:<port> */
  origin: string;
  received: ReceivedWebhook[];
  /** The deliveries of one path. */
  at(path: string): ReceivedWebhook[];
  /** The secret a path's deliveries must verify with. */
  expectSecret(path: string, secret: string): void;
  /** How a path answers its n-th delivery (0-based); 204 by default. */
  answer(path: string, respond: (n: number) => Answer): void;
  close(): Promise<void>;
};

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export async function startWebhookReceiver(host = '127.0.0.2'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const secrets = new Map<string, string>();
  const answers = new Map<string, (n: number) => Answer>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
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
      const answer = answers.get(path)?.(n) ?? { status: 204 };
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    received,
    at: (path) => received.filter((r) => r.path === path),
    expectSecret: (path, secret) => void secrets.set(path, secret),
    answer: (path, respond) => void answers.set(path, respond),
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
