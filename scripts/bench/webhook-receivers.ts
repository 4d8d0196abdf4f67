// What the webhook benches share: https receivers on 127.0.0.2 with a certificate from a CA made
// for the run (trusted in this process through tls.setDefaultCACertificates, never through the
// portal's settings), the host names that lead there, and a bare keep-alive client as the floor.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { Agent, createServer, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { createServiceAccount, type Database, migrateToLatest } from '@portal/db';
import { ensureReferenceData, newCategory, newPartner } from '@portal/db/testing';
import { makeTestCertificates } from '@portal/testing';
import type { LookupAll } from '@portal/webhooks';
import type { Kysely } from 'kysely';

export const RECEIVER_ADDRESS = '127.0.0.2';
/** Every `<name>.hooks.bench` resolves to the receivers' address (the workers' injected resolver). */
export const HOOKS_DOMAIN = 'hooks.bench';

export const benchLookup: LookupAll = async (hostname) => {
  if (hostname.endsWith(`.${HOOKS_DOMAIN}`)) return [{ address: RECEIVER_ADDRESS, family: 4 }];
  throw new Error(`ENOTFOUND ${hostname}`);
};

export const BENCH_CATEGORY = 'SETTLE';
export const BENCH_PARTNER = 'P1';

/**
 * A migrated scratch database's reference data, one partner (daily reports of one category) and
 * `account`, a service account granted that partner, whose endpoints the bench registers.
 */
export async function seedHookedPartner(db: Kysely<Database>, account: string): Promise<number> {
  await migrateToLatest(db);
  await ensureReferenceData(db);
  await newCategory(db, { code: BENCH_CATEGORY, name: 'Settlement' });
  const partnerId = await newPartner(db, { code: BENCH_PARTNER });
  await db
    .insertInto('partner_categories')
    .values({ partner_id: partnerId, category_code: BENCH_CATEGORY })
    .execute();
  await db
    .insertInto('partner_category_frequency_types')
    .values({ partner_id: partnerId, category_code: BENCH_CATEGORY, frequency_type_code: 'DLY' })
    .execute();
  await createServiceAccount(db, {
    userId: account,
    name: `Bench system ${account}`,
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: BENCH_PARTNER }],
  });
  return partnerId;
}

/** A CA for this run, trusted by this process's TLS clients; its certificate for *.hooks.bench. */
export function trustBenchCa() {
  const certificates = makeTestCertificates([`*.${HOOKS_DOMAIN}`]);
  setDefaultCACertificates([...getCACertificates('default'), certificates.ca]);
  return certificates;
}

/** Checks a Standard Webhooks signature as a receiver does: any of the v1 signatures. */
export function signed(secret: string, id: string, timestamp: string, body: string, header: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return header.split(' ').some((part) => part === `v1,${expected}`);
}

export type Arrival = { id: string; endpoint: string; body: string; at: number; verified: boolean };

/** 'ok' answers 204, 'fail' answers 500 at once, 'hang' reads the request and never answers. */
export type Behaviour = 'ok' | 'fail' | 'hang';

export type HttpsReceiver = {
  port: number;
  /** Every request that reached it, in order. */
  arrivals: Arrival[];
  /** Connections open right now, and the most ever open at once. */
  open(): number;
  maxOpen(): number;
  close(): Promise<void>;
};

/**
 * An https receiver for `/hook/<endpointId>` paths: it keeps each arrival (checked against the
 * endpoint's secret in `secrets`) and answers as `behaviour` says.
 */
export async function startHttpsReceiver(
  certificates: { cert: string; key: string },
  behaviour: Behaviour,
  secrets: ReadonlyMap<string, string>,
): Promise<HttpsReceiver> {
  const arrivals: Arrival[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = createServer({ cert: certificates.cert, key: certificates.key }, (req, res) => {
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
      arrivals.push({ id, endpoint, body, at: performance.now(), verified });
      if (behaviour === 'hang') return;
      res.writeHead(behaviour === 'fail' ? 500 : verified ? 204 : 400).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on('secureConnection', (socket) => {
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    socket.once('close', () => {
      open -= 1;
    });
  });
  server.listen(0, RECEIVER_ADDRESS);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    arrivals,
    open: () => open,
    maxOpen: () => maxOpen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs `work` over `items`, `limit` at a time. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

export type SignedPost = { url: string; id: string; body: string; secret: string };

/**
 * The floor: the same signed POSTs from a bare keep-alive client (one node:https agent, at most
 * `perHost` connections to each host), `inFlight` at a time. Resolves with the time taken.
 */
export async function barePosts(
  posts: readonly SignedPost[],
  options: { inFlight: number; perHost: number },
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.perHost });
  // The receivers' names resolve to their address here too, as the workers' resolver has them.
  const lookup = (_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
    (_options as { all?: boolean }).all
      ? callback(null, [{ address: RECEIVER_ADDRESS, family: 4 }])
      : callback(null, RECEIVER_ADDRESS, 4);
  const started = performance.now();
  try {
    await pool(posts, options.inFlight, async (post) => {
      const timestamp = Math.floor(Date.now() / 1000);
      const key = Buffer.from(post.secret.replace(/^whsec_/, ''), 'base64');
      const signature = createHmac('sha256', key)
        .update(`${post.id}.${timestamp}.${post.body}`)
        .digest('base64');
      await new Promise<void>((resolve, reject) => {
        const req = request(post.url, {
          method: 'POST',
          agent,
          lookup: lookup as never,
          headers: {
            'content-type': 'application/json',
            'webhook-id': post.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': `v1,${signature}`,
          },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end(post.body);
      });
    });
    return performance.now() - started;
  } finally {
    agent.destroy();
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
