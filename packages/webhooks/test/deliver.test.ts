// Delivery against real servers on loopback. The receivers listen on 127.0.0.2, reached through a
// host name whose address is given to the sender, as resolveEndpoint would give it; the https ones
// carry a certificate from a CA made for this run, trusted the way Node trusts any CA
// (tls.setDefaultCACertificates), so the chain and the host name are checked as in production.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { getCACertificates, setDefaultCACertificates, type TLSSocket } from 'node:tls';
import { makeTestCertificates } from '@portal/testing';
import { waitFor } from '@portal/testing/wait-for';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isSuccess, type SenderSettings, type WebhookRequest, WebhookSender } from '../src/deliver.js';

const RECEIVER = '127.0.0.2';
const servers: (Server | TcpServer)[] = [];
const senders: WebhookSender[] = [];
let certificates: ReturnType<typeof makeTestCertificates>;

beforeAll(() => {
  certificates = makeTestCertificates(['hooks.example.test']);
  // Added to the defaults, as NODE_EXTRA_CA_CERTS would: nothing in the sender names the CA.
  setDefaultCACertificates([...getCACertificates('default'), certificates.ca]);
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.close()));
  for (const server of servers.splice(0)) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close();
  }
});

async function listen<S extends Server | TcpServer>(server: S, host = RECEIVER): Promise<number> {
  servers.push(server);
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return address.port;
}

async function receiver(handler: RequestListener): Promise<number> {
  return listen(createServer(handler));
}

const defaults: SenderSettings = {
  connectTimeoutMs: 5_000,
  responseTimeoutMs: 10_000,
  maxResponseBytes: 1000,
  connectionsPerEndpoint: 5,
};

function sender(overrides: Partial<SenderSettings> = {}): WebhookSender {
  const made = new WebhookSender({ ...defaults, ...overrides });
  senders.push(made);
  return made;
}

function webhook(port: number, overrides: Partial<WebhookRequest> = {}): WebhookRequest {
  return {
    endpointId: 'endpoint-1',
    url: new URL(`http://hooks.example.test:${port}/portal/deliveries?tenant=7`),
    address: RECEIVER,
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1795000000', 'webhook-signature': 'v1,abc=' },
    body: '{"type":"report.published","data":{"name":"Ventes été"}}',
    ...overrides,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Counts the connections a server accepts, and the most open at once. */
function countConnections(server: Server | TcpServer) {
  const counts = { accepted: 0, open: 0, maxOpen: 0 };
  server.on('connection', (socket: Socket) => {
    counts.accepted += 1;
    counts.open += 1;
    counts.maxOpen = Math.max(counts.maxOpen, counts.open);
    socket.once('close', () => {
      counts.open -= 1;
    });
  });
  return counts;
}

describe('WebhookSender', () => {
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

    const result = await sender().send(request);

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
    await expect(sender().send(webhook(port))).resolves.toMatchObject({
      status: 200,
      responseBody: '{"received":true}',
    });
  });

  it('returns a redirect as its status, without following it', async () => {
    const target = createServer((_, response) => response.writeHead(204).end());
    const toTarget = countConnections(target);
    const targetPort = await listen(target, '127.0.0.1');
    const port = await receiver((_, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${targetPort}/` }).end();
    });

    const result = await sender().send(webhook(port));

    expect(result).toMatchObject({ status: 302 });
    expect(result.error).toBeUndefined();
    expect(isSuccess(result.status)).toBe(false);
    expect(toTarget.accepted).toBe(0);
  });

  it('gives up on a receiver that does not answer, closing the connection', async () => {
    const sockets: Socket[] = [];
    const port = await receiver((request) => {
      sockets.push(request.socket);
    });

    const result = await sender({ responseTimeoutMs: 200 }).send(webhook(port));

    expect(result).toMatchObject({ status: null, responseBody: '', error: 'timed out after 200 ms' });
    expect(sockets).toHaveLength(1);
    if (!sockets[0]!.closed) await once(sockets[0]!, 'close');
  });

  it('keeps the status of a receiver that stalls in its body, with the timeout as the error', async () => {
    const port = await receiver((_, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    await expect(sender({ responseTimeoutMs: 200 }).send(webhook(port))).resolves.toMatchObject({
      status: 200,
      responseBody: 'partial',
      error: 'timed out after 200 ms',
    });
  });

  it('bounds the whole attempt, however slowly a body trickles in', async () => {
    const port = await receiver((_, response) => {
      response.writeHead(200);
      const drip = setInterval(() => response.write('.'), 50);
      response.once('close', () => clearInterval(drip));
    });
    const result = await sender({ connectTimeoutMs: 100, responseTimeoutMs: 300 }).send(webhook(port));
    expect(result).toMatchObject({ status: 200, error: 'timed out after 400 ms' });
    expect(result.responseBody).toMatch(/^\.+$/);
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

    const result = await sender({ maxResponseBytes: 1000, responseTimeoutMs: 60_000 }).send(webhook(port));

    expect(result).toEqual({ status: 200, durationMs: expect.any(Number), responseBody: 'a'.repeat(1000) });
    await expect(streaming).resolves.toEqual({ finished: false });
  });

  it('reads no body at all when maxResponseBytes is 0', async () => {
    const port = await receiver((_, response) => response.writeHead(200).end('ignored'));
    await expect(sender({ maxResponseBytes: 0 }).send(webhook(port))).resolves.toMatchObject({
      status: 200,
      responseBody: '',
    });
  });

  it('reports a refused connection without throwing', async () => {
    const closed = createServer();
    const port = await listen(closed);
    closed.close();
    await once(closed, 'close');

    const result = await sender().send(webhook(port));

    expect(result).toMatchObject({ status: null, responseBody: '' });
    expect(result.error).toMatch(/ECONNREFUSED/);
    expect(isSuccess(result.status)).toBe(false);
  });

  it('keeps one connection alive for deliveries one after another', async () => {
    const server = createServer((_, response) => response.writeHead(204).end());
    const connections = countConnections(server);
    const port = await listen(server);
    const send = sender();
    for (let i = 0; i < 20; i += 1) expect((await send.send(webhook(port))).status).toBe(204);
    // undici's pool may open a second connection while the first is still handing its socket back.
    expect(connections.accepted).toBeLessThanOrEqual(2);
  });

  it("opens no more connections than an endpoint's cap, and a pool per endpoint", async () => {
    let holding = true;
    const held: (() => void)[] = [];
    const server = createServer((_, response) => {
      const answer = () => response.writeHead(204).end();
      if (holding) held.push(answer);
      else answer();
    });
    const connections = countConnections(server);
    const port = await listen(server);
    const send = sender({ connectionsPerEndpoint: 3 });
    const sends = Array.from({ length: 8 }, () => send.send(webhook(port)));
    await waitFor('three requests held', () => held.length === 3, 10_000);
    expect(connections.open).toBe(3);
    sends.push(send.send(webhook(port, { endpointId: 'endpoint-2' })));
    await waitFor('the other endpoint served beside them', () => held.length === 4, 10_000);
    holding = false;
    for (const answer of held) answer();
    expect((await Promise.all(sends)).map((r) => r.status)).toEqual(Array(9).fill(204));
    expect(connections.maxOpen).toBe(4);
  });

  it('connects to a new address in a new pool, and closes pools left idle', async () => {
    const first = createServer((_, response) => response.writeHead(204).end());
    const second = createServer((_, response) => response.writeHead(202).end());
    const port = await listen(first, '127.0.0.2');
    servers.push(second);
    second.listen(port, '127.0.0.3');
    await once(second, 'listening');
    const send = sender({ idlePoolMs: 1000 });
    expect((await send.send(webhook(port))).status).toBe(204);
    expect((await send.send(webhook(port, { address: '127.0.0.3' }))).status).toBe(202);
    expect(send.openPools).toBe(2);
    await waitFor('the idle pools closed', () => send.openPools === 0, 10_000);
    expect((await send.send(webhook(port))).status).toBe(204);
  });

  describe('over TLS', () => {
    async function httpsReceiver(cert = certificates) {
      const names: (string | false | null)[] = [];
      const server = createHttpsServer({ cert: cert.cert, key: cert.key }, async (request, response) => {
        names.push((request.socket as TLSSocket).servername);
        await readBody(request);
        response.writeHead(204).end();
      });
      const connections = countConnections(server);
      return { port: await listen(server), names, connections };
    }
    const httpsWebhook = (port: number) =>
      webhook(port, { url: new URL(`https://hooks.example.test:${port}/h`) });

    it('connects to the given address, naming the URL host (SNI) and checking its certificate', async () => {
      const { port, names, connections } = await httpsReceiver();
      const send = sender();
      for (let i = 0; i < 5; i += 1)
        expect(await send.send(httpsWebhook(port))).toMatchObject({ status: 204 });
      expect(names).toEqual(Array(5).fill('hooks.example.test'));
      // A handshake per connection, not per delivery.
      expect(connections.accepted).toBeLessThanOrEqual(2);
    });

    it('refuses a certificate for another name, or from a CA nobody trusts', async () => {
      const { port } = await httpsReceiver();
      const wrongName = await sender().send(
        webhook(port, { url: new URL(`https://elsewhere.example.test:${port}/h`) }),
      );
      expect(wrongName).toMatchObject({ status: null });
      expect(wrongName.error).toMatch(/does not match certificate's altnames/);

      const untrusted = await httpsReceiver(makeTestCertificates(['hooks.example.test']));
      const unknownCa = await sender().send(httpsWebhook(untrusted.port));
      expect(unknownCa).toMatchObject({ status: null });
      expect(unknownCa.error).toMatch(/unable to verify/);
    });

    it('sends the host name in the ClientHello of a connection to the address', async () => {
      const hellos: Buffer[] = [];
      const tls = createTcpServer((socket) => {
        socket.once('data', (data) => {
          hellos.push(data);
          socket.destroy();
        });
      });
      const port = await listen(tls);

      const result = await sender().send(httpsWebhook(port));

      expect(result).toMatchObject({ status: null, error: expect.any(String) });
      expect(hellos).toHaveLength(1);
      expect(hellos[0]![0]).toBe(0x16);
      expect(hellos[0]!.includes('hooks.example.test')).toBe(true);
    });

    it('gives up connecting after the connect timeout', async () => {
      // Accepts the TCP connection and never answers the TLS handshake.
      const silent = createTcpServer(() => {});
      const port = await listen(silent);
      const result = await sender({ connectTimeoutMs: 200 }).send(httpsWebhook(port));
      expect(result).toMatchObject({ status: null, error: 'could not connect within 200 ms' });
    });
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
