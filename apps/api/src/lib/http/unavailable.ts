/**
 * Errors that mean a part the API depends on (Postgres, Redis) is away for a moment, not that
 * the request or our code is wrong. They answer 503 with Retry-After, never 500: a client (or a
 * load balancer) should simply try again.
 */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE =
  'The portal is briefly unavailable while one of its services restarts. Please try again in a few seconds.';

// SQLSTATE class 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot
// connect now: starting up or shutting down), 53300 (too many connections).
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
const NODE_NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const MESSAGES = [
  /^Connection terminated/, // pg: the server closed the connection mid-query
  /timeout exceeded when trying to connect/, // pg pool: connectionTimeoutMillis
  /Client has encountered a connection error/, // pg
  /Stream isn't writeable and enableOfflineQueue/, // ioredis with Redis away
  /^Connection is closed\.?$/, // ioredis
  /Reached the max retries per request limit/, // ioredis MaxRetriesPerRequestError
  /^Redis did not answer within/, // @portal/queue withTimeout
];

export function isDependencyUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || NODE_NETWORK.has(code))) return true;
    if (MESSAGES.some((pattern) => pattern.test(cause instanceof Error ? cause.message : ''))) return true;
    if (cause instanceof AggregateError && cause.errors.some(isDependencyUnavailable)) return true;
    cause = cause.cause;
  }
  return false;
}
