import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { HttpError } from '../../lib/http/errors.js';

export type RateLimitOptions = {
  /** Shared store for rate-limit counters, so every API instance counts together. */
  redis?: Redis | undefined;
  namespace?: string;
};

/**
 * Counts attempts of the routes that declare `config.rateLimit` (sign-in, the unsubscribe link...),
 * none by default; a refusal is a 429 saying when to try again. With Redis away it lets calls through.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  await app.register(rateLimit, {
    global: false,
    redis: options.redis,
    nameSpace: `${options.namespace ?? 'portal'}:rate-limit:`,
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please try again in ${context.after}.`),
  });
});
