import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityHeadersOptions = {
  /** Hosts dashboards may be framed from (ThoughtSpot, QuickSight...), exactly as configured. */
  frameSources: string[];
  /** Hosts scripts may come from besides the portal (reCAPTCHA when configured). */
  scriptSources?: string[];
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.scriptSources ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", ...options.frameSources],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // What a signed-in user is sent (JSON, CSV exports, files) stays out of shared and browser
  // caches unless the route chose its own policy (images: private, no-cache).
  app.addHook('onSend', async (request, reply) => {
    if (request.principal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
