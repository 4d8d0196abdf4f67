// Delivery against real servers on loopback. The receivers listen on 127.0.0.2, reached through a
// host name whose address is given to deliverWebhook, as resolveEndpoint would give it.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { deliverWebhook, isSuccess, type WebhookRequest } from '../src/deliver.js';

const RECEIVER = '127.0.0.2';
const servers: (Server | TcpServer)[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close();
  }
});

async function listen<S extends Server | TcpServer>(server: S, host: string): Promise<number> {
  servers.push(server);
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return address.port;
}

async function receiver(handler: RequestListener): Promise<number> {
  return listen(createServer(handler), RECEIVER);
}

function webhook(port: number, overrides: Partial<WebhookRequest> = {}): WebhookRequest {
  return {
    url: new URL(`http://hooks.example.test:${port}/portal/deliveries?tenant=7`),
    address: RECEIVER,
    family: 4,
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1795000000', 'webhook-signature': 'v1,abc=' },
    body: '{"type":"report.published","data":{"name":"Ventes été"}}',
    timeoutMs: 10_000,
    maxResponseBytes: 1000,
    ...overrides,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('deliverWebhook', () => {
  it('posts the body as JSON to the given address, keeping the host name', async () => {
    const received: (Pick<IncomingMessage, 'method' | 'url' | 'headers'> & { body: string })[] = [];
    const port = await receiver(async (request, response) => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: await readBody(request),
      });
      response.writeHead(204).end();
    });
    const request = webhook(port, { headers: { ...webhook(port).headers, 'Content-Type': 'text/plain' } });

    const result = await deliverWebhook(request);

    expect(result).toEqual({ status: 204, durationMs: expect.any(Number), responseBody: '' });
    expect(isSuccess(result.status)).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/portal/deliveries?tenant=7',
      body: request.body,
      headers: {
        host: `hooks.example.test:${port}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.body)),
        'webhook-id': 'msg_1',
        'webhook-timestamp': '1795000000',
        'webhook-signature': 'v1,abc=',
      },
    });
  });

  it('keeps the response body', async () => {
    const port = await receiver((_, response) => response.writeHead(200).end('{"received":true}'));
    await expect(deliverWebhook(webhook(port))).resolves.toMatchObject({
      status: 200,
      responseBody: '{"received":true}',
    });
  });

  it('returns a redirect as its status, without following it', async () => {
    let connectionsToTarget = 0;
    const target = createServer((_, response) => response.writeHead(204).end());
    target.on('connection', () => {
      connectionsToTarget += 1;
    });
    const targetPort = await listen(target, '127.0.0.1');
    const port = await receiver((_, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${targetPort}/` }).end();
    });

    const result = await deliverWebhook(webhook(port));

    expect(result).toMatchObject({ status: 302 });
    expect(result.error).toBeUndefined();
    expect(isSuccess(result.status)).toBe(false);
    // The delivery is over and its socket closed: nothing is left that could follow the redirect.
    expect(connectionsToTarget).toBe(0);
  });

  it('gives up on a receiver that does not answer, closing the connection', async () => {
    const sockets: Socket[] = [];
    const port = await receiver((request) => {
      sockets.push(request.socket);
    });

    const result = await deliverWebhook(webhook(port, { timeoutMs: 200 }));

    expect(result).toMatchObject({ status: null, responseBody: '', error: 'timed out after 200 ms' });
    expect(sockets).toHaveLength(1);
    if (!sockets[0]!.closed) await once(sockets[0]!, 'close');
  });

  it('keeps the status of a receiver that stalls in its body, with the timeout as the error', async () => {
    const port = await receiver((_, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    await expect(deliverWebhook(webhook(port, { timeoutMs: 200 }))).resolves.toMatchObject({
      status: 200,
      responseBody: 'partial',
      error: 'timed out after 200 ms',
    });
  });

  it('reads no more than maxResponseBytes of a 10 MB response, and stops it', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const chunks = (10 * 1024 * 1024) / chunk.length;
    let streaming: Promise<{ finished: boolean }> | undefined;
    const port = await receiver((_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      // Paced, so the whole 10 MB takes seconds: a client reading it to the end would let it finish.
      let sent = 0;
      const next = setInterval(() => {
        response.write(chunk);
        sent += 1;
        if (sent === chunks) response.end();
      }, 20);
      streaming = once(response, 'close').then(() => {
        clearInterval(next);
        return { finished: response.writableFinished };
      });
    });

    const result = await deliverWebhook(webhook(port, { maxResponseBytes: 1000, timeoutMs: 60_000 }));

    expect(result).toEqual({ status: 200, durationMs: expect.any(Number), responseBody: 'a'.repeat(1000) });
    await expect(streaming).resolves.toEqual({ finished: false });
  });

  it('reads no body at all when maxResponseBytes is 0', async () => {
    const port = await receiver((_, response) => response.writeHead(200).end('ignored'));
    await expect(deliverWebhook(webhook(port, { maxResponseBytes: 0 }))).resolves.toMatchObject({
      status: 200,
      responseBody: '',
    });
  });

  it('reports a refused connection without throwing', async () => {
    const closed = createServer();
    const port = await listen(closed, RECEIVER);
    closed.close();
    await once(closed, 'close');

    const result = await deliverWebhook(webhook(port));

    expect(result).toMatchObject({ status: null, responseBody: '' });
    expect(result.error).toMatch(/ECONNREFUSED/);
    expect(isSuccess(result.status)).toBe(false);
  });

  it('opens TLS to the given address, naming the URL host to the server (SNI)', async () => {
    const hellos: Buffer[] = [];
    const tls = createTcpServer((socket) => {
      socket.once('data', (data) => {
        hellos.push(data);
        socket.destroy();
      });
    });
    const port = await listen(tls, RECEIVER);

    const result = await deliverWebhook(
      webhook(port, { url: new URL(`https://hooks.example.test:${port}/`) }),
    );

    expect(result).toMatchObject({ status: null, error: expect.any(String) });
    expect(hellos).toHaveLength(1);
    // A TLS handshake record whose ClientHello carries the server name in clear.
    expect(hellos[0]![0]).toBe(0x16);
    expect(hellos[0]!.includes('hooks.example.test')).toBe(true);
  });
});

describe('isSuccess', () => {
  it('is a 2xx status', () => {
    expect([null, 100, 199, 200, 204, 299, 300, 302, 404, 500].map(isSuccess)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
