// The webhook benches' https receivers, in a process of their own (webhook-receivers.ts forks it):
// they are partners' systems, so their TLS handshakes and signature checks must not take the
// event loop of the workers they measure. Told by IPC which receivers to open and which secret
// each endpoint has; reports what arrived every 20 ms, with the time on the clock both processes
// share (performance.timeOrigin + performance.now()).
import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { signed } from './signature-check.js';

export type Behaviour = 'ok' | 'fail' | 'hang';

/** [receiver, endpoint, webhook-id, the body's data.fileName or null, arrived at (epoch ms), verified] */
export type ArrivalTuple = [Behaviour, string, string, string | null, number, boolean];

export type ToReceivers =
  | { start: { cert: string; key: string; address: string; behaviours: Behaviour[] } }
  | { secret: [string, string] }
  | { close: true };

export type FromReceivers =
  | { ports: Partial<Record<Behaviour, number>> }
  | { arrivals: ArrivalTuple[]; maxOpen: Partial<Record<Behaviour, number>> }
  | { closed: true };

const secrets = new Map<string, string>();
const pending: ArrivalTuple[] = [];
const maxOpen: Partial<Record<Behaviour, number>> = {};
const servers: ReturnType<typeof createServer>[] = [];
const send = (message: FromReceivers) => process.send?.(message);

async function start({ cert, key, address, behaviours }: Extract<ToReceivers, { start: unknown }>['start']) {
  const ports: Partial<Record<Behaviour, number>> = {};
  for (const behaviour of behaviours) {
    let open = 0;
    maxOpen[behaviour] = 0;
    const server = createServer({ cert, key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const endpoint = (req.url ?? '').split('/').pop() ?? '';
        const id = String(req.headers['webhook-id']);
        const body = Buffer.concat(chunks).toString();
        const verified = signed(
          secrets.get(endpoint) ?? '',
          id,
          String(req.headers['webhook-timestamp']),
          body,
          String(req.headers['webhook-signature'] ?? ''),
        );
        let fileName: string | null = null;
        try {
          fileName = JSON.parse(body)?.data?.fileName ?? null;
        } catch {}
        pending.push([
          behaviour,
          endpoint,
          id,
          fileName,
          performance.timeOrigin + performance.now(),
          verified,
        ]);
        if (behaviour === 'hang') return;
        res.writeHead(behaviour === 'fail' ? 500 : verified ? 204 : 400).end();
      });
    });
    server.keepAliveTimeout = 30_000;
    server.on('secureConnection', (socket: Socket) => {
      open += 1;
      maxOpen[behaviour] = Math.max(maxOpen[behaviour] ?? 0, open);
      socket.once('close', () => {
        open -= 1;
      });
    });
    server.listen(0, address);
    await once(server, 'listening');
    servers.push(server);
    ports[behaviour] = (server.address() as AddressInfo).port;
  }
  send({ ports });
}

const flush = setInterval(() => {
  if (pending.length > 0) send({ arrivals: pending.splice(0), maxOpen });
}, 20);

process.on('message', (message: ToReceivers) => {
  if ('start' in message) void start(message.start);
  else if ('secret' in message) secrets.set(...message.secret);
  else {
    clearInterval(flush);
    if (pending.length > 0) send({ arrivals: pending.splice(0), maxOpen });
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    send({ closed: true });
    process.disconnect();
  }
});
