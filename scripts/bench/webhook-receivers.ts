// What the webhook benches share: https receivers on 127.0.0.2 (in a process of their own) with a
// certificate from a CA made for the run (trusted in this process through
// tls.setDefaultCACertificates, never through the portal's settings), the host names that lead
// there, and a bare keep-alive client as the floor.
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:https';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { createServiceAccount, type Database, migrateToLatest } from '@portal/db';
import { makeTestCertificates } from '@portal/testing';
import { ensureReferenceData, newCategory, newPartner, newPartnerCategory } from '@portal/testing/db';
import type { LookupAll } from '@portal/webhooks';
import type { Kysely } from 'kysely';
import type { Behaviour, FromReceivers, ToReceivers } from './webhook-receiver-process.js';

export { signed } from './signature-check.js';
export type { Behaviour };

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
  await newPartnerCategory(db, { partnerId, categoryCode: BENCH_CATEGORY });
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

export type Arrival = {
  id: string;
  endpoint: string;
  /** The body's data.fileName (a report event's), or null. */
  fileName: string | null;
  /** When it arrived: performance.timeOrigin + performance.now() of the receivers' process. */
  at: number;
  verified: boolean;
};

/** Now, on the clock the receivers' process stamps arrivals with. */
export const sharedNow = () => performance.timeOrigin + performance.now();

export type HttpsReceiver = {
  port: number;
  /** Every request that reached it, in order (reported every 20 ms). */
  arrivals: Arrival[];
  /** The most connections that were open at once, as last reported. */
  maxOpen(): number;
};

export type Receivers = {
  receivers: Partial<Record<Behaviour, HttpsReceiver>>;
  /** The secret an endpoint's deliveries are checked with (its path ends with `endpoint`). */
  setSecret(endpoint: string, secret: string): void;
  close(): Promise<void>;
};

/**
 * https receivers on 127.0.0.2, one per behaviour ('ok' answers 204, 'fail' 500 at once, 'hang'
 * reads the request and never answers), in a process of their own: a partner's system, whose TLS
 * handshakes and signature checks are not the workers' to pay for.
 */
export async function startReceivers(
  certificates: { cert: string; key: string },
  behaviours: Behaviour[],
): Promise<Receivers> {
  const child = fork(fileURLToPath(new URL('./webhook-receiver-process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const receivers: Partial<Record<Behaviour, HttpsReceiver>> = {};
  const maxOpen: Partial<Record<Behaviour, number>> = {};
  const closed = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports = new Promise<Partial<Record<Behaviour, number>>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the receivers' process exited (${code})`)));
    child.on('message', (message: FromReceivers) => {
      if ('ports' in message) resolve(message.ports);
      if (!('arrivals' in message)) return;
      Object.assign(maxOpen, message.maxOpen);
      for (const [behaviour, endpoint, id, fileName, at, verified] of message.arrivals) {
        receivers[behaviour]?.arrivals.push({ id, endpoint, fileName, at, verified });
      }
    });
  });
  const start: ToReceivers = { start: { ...certificates, address: RECEIVER_ADDRESS, behaviours } };
  child.send(start);
  for (const [behaviour, port] of Object.entries(await ports) as [Behaviour, number][]) {
    receivers[behaviour] = { port, arrivals: [], maxOpen: () => maxOpen[behaviour] ?? 0 };
  }
  return {
    receivers,
    setSecret: (endpoint, secret) => child.send({ secret: [endpoint, secret] } satisfies ToReceivers),
    async close() {
      if (child.connected) child.send({ close: true } satisfies ToReceivers);
      await closed;
    },
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
