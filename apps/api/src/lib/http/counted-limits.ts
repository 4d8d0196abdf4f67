import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** At most `max` requests of one key in `timeWindowMs` (a window that starts with the first). */
export type CountedLimit = {
  max: number;
  timeWindowMs: number;
  /** The counter a request counts on, e.g. `webhook-sends:user:E100001`. */
  key: (request: FastifyRequest) => string;
};

/**
 * Several limits on one request, all of which apply (@fastify/rate-limit runs one per route). They
 * are counted in order and the first one exceeded answers 429 with Retry-After, so a request
 * refused by one limit is not counted by those after it. The counters are @fastify/rate-limit's
 * (its Redis store, shared by every API process; open while Redis is away, as the sign-in limits).
 */
export function countedLimits(app: FastifyInstance, limits: readonly CountedLimit[]) {
  const counters = limits.map((limit) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindowMs, keyGenerator: limit.key }),
  );
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const count of counters) {
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) continue;
      reply.header('retry-after', String(counted.ttlInSeconds));
      throw new HttpError(429, `Too many attempts. Please try again in ${waitOf(counted.ttlInSeconds)}.`);
    }
  };
}

/** "40 seconds", "1 minute", "59 minutes": the wait as the sign-in limits word it. */
function waitOf(seconds: number): string {
  const [amount, unit] = seconds < 60 ? [seconds, 'second'] : [Math.round(seconds / 60), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
