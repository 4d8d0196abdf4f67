// Delivery attempts: POSTs to the address resolve.ts checked, and nothing else, over keep-alive
// connections kept per endpoint and address (a TLS handshake per event cost more than the event).
// Redirects are not followed (their target was never checked), and a response is read only as far
// as the delivery log keeps it.
import { buildConnector, type Dispatcher, Pool } from 'undici';

export type SenderSettings = {
  /** Connecting: TCP and TLS. */
  connectTimeoutMs: number;
  /** From the request sent to its response's headers, and between two pieces of its body. */
  responseTimeoutMs: number;
  /** What is kept of a response body; the rest is not read. */
  maxResponseBytes: number;
  /** Connections an endpoint's pool opens at most: its cap of attempts in flight. */
  connectionsPerEndpoint: number;
  /** A pool unused this long is closed. Its connections closed long before (keep-alive: 4 s). */
  idlePoolMs?: number;
};

export type WebhookRequest = {
  /** Whose connections to use: pools are never shared between endpoints. */
  endpointId: string;
  url: URL;
  /** The checked address of the URL's host (resolveEndpoint): every connection goes there. */
  address: string;
  headers: Record<string, string>;
  body: string;
};

export type DeliveryResult = {
  /** null when no response came; a status with an error when the response broke off. */
  status: number | null;
  durationMs: number;
  /** At most maxResponseBytes of the response body. */
  responseBody: string;
  error?: string;
  /** The address a refusal was for (ForbiddenAddressError), kept out of `error`, which managers read. */
  refusedAddress?: string;
};

export function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

const DEFAULT_IDLE_POOL_MS = 60_000;

type PoolEntry = { pool: Pool; inFlight: number; lastUsed: number };

/**
 * Sends webhooks over a pool of keep-alive connections per (endpoint, origin, address). A pool
 * dials only the address it was made for, while the request keeps the URL's host name (Host
 * header, TLS server name and certificate check); a host resolved to another address gets another
 * pool, and the old one is closed once idle. No proxy from the environment is used.
 */
export class WebhookSender {
  private readonly pools = new Map<string, PoolEntry>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly connector: buildConnector.connector;

  constructor(private readonly settings: SenderSettings) {
    this.connector = buildConnector({ timeout: settings.connectTimeoutMs });
    const idleMs = settings.idlePoolMs ?? DEFAULT_IDLE_POOL_MS;
    this.sweeper = setInterval(() => this.closeIdle(idleMs), Math.max(1000, idleMs / 2));
    this.sweeper.unref();
  }

  /** Pools open now. */
  get openPools(): number {
    return this.pools.size;
  }

  /** Never rejects: a network failure or timeout is a result with `error`. */
  async send(request: WebhookRequest): Promise<DeliveryResult> {
    const started = performance.now();
    const entry = this.poolFor(request);
    entry.inFlight += 1;
    const { connectTimeoutMs, responseTimeoutMs, maxResponseBytes } = this.settings;
    // A bound on the whole attempt: the timeouts below are per phase, and a body trickling in
    // would otherwise hold the attempt (and its lease) for as long as the receiver likes.
    const overallMs = connectTimeoutMs + responseTimeoutMs;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), overallMs);
    let status: number | null = null;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    const result = (error?: string): DeliveryResult => ({
      status,
      durationMs: Math.round(performance.now() - started),
      responseBody: Buffer.concat(kept).toString('utf8'),
      ...(error === undefined ? {} : { error }),
    });
    try {
      const response = await entry.pool.request({
        path: `${request.url.pathname}${request.url.search}`,
        method: 'POST',
        headers: {
          ...withoutFraming(request.headers),
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
        },
        body: request.body,
        signal: abort.signal,
      });
      status = response.statusCode;
      await readKept(response.body, maxResponseBytes, (chunk) => {
        kept.push(chunk);
        keptBytes += chunk.length;
        return keptBytes;
      });
      return result();
    } catch (error) {
      if (abort.signal.aborted) return result(`timed out after ${overallMs} ms`);
      return result(describe(error, this.settings));
    } finally {
      clearTimeout(timer);
      entry.inFlight -= 1;
      entry.lastUsed = performance.now();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const entries = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(entries.map(({ pool }) => pool.destroy().catch(() => {})));
  }

  private poolFor(request: WebhookRequest): PoolEntry {
    const key = `${request.endpointId} ${request.url.origin} ${request.address}`;
    let entry = this.pools.get(key);
    if (!entry) {
      const { address } = request;
      const connect: buildConnector.connector = (options, callback) =>
        this.connector({ ...options, hostname: address }, callback);
      entry = {
        pool: new Pool(request.url.origin, {
          connections: this.settings.connectionsPerEndpoint,
          pipelining: 1,
          headersTimeout: this.settings.responseTimeoutMs,
          bodyTimeout: this.settings.responseTimeoutMs,
          connect,
        }),
        inFlight: 0,
        lastUsed: performance.now(),
      };
      this.pools.set(key, entry);
    }
    return entry;
  }

  private closeIdle(idleMs: number): void {
    const before = performance.now() - idleMs;
    for (const [key, entry] of this.pools) {
      if (entry.inFlight > 0 || entry.lastUsed > before) continue;
      this.pools.delete(key);
      void entry.pool.close().catch(() => {});
    }
  }
}

/** Reads `body` until `limit` bytes are kept (each chunk cut to fit), then drops the rest unread. */
async function readKept(
  body: Dispatcher.ResponseData['body'],
  limit: number,
  keep: (chunk: Buffer) => number,
): Promise<void> {
  if (limit <= 0) {
    // Destroyed unread, the body reports the abort as an error: nobody else is listening for it.
    body.on('error', () => {});
    body.destroy();
    return;
  }
  let room = limit;
  // Leaving the loop early destroys the body: the connection is closed rather than read to its end.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    room = limit - keep(chunk.subarray(0, room));
    if (room <= 0) break;
  }
}

/** The caller's headers, less those this sender sets itself, in whatever case they are written. */
function withoutFraming(headers: Record<string, string>): Record<string, string> {
  const own = new Set(['content-type', 'content-length', 'host', 'connection', 'transfer-encoding']);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !own.has(name.toLowerCase())));
}

function describe(error: unknown, settings: SenderSettings): string {
  const code = (error as { code?: string }).code;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return `could not connect within ${settings.connectTimeoutMs} ms`;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return `timed out after ${settings.responseTimeoutMs} ms`;
  }
  return error instanceof Error ? error.message : String(error);
}
