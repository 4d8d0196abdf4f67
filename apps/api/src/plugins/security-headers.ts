import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeadersOptions = {
  /** Hosts dashboards may be framed from (ThoughtSpot, QuickSight...), exactly as configured. */
  frameSources: string[];
  /** Hosts scripts may come from besides the portal (reCAPTCHA when configured). */
  scriptSources?: string[];
};

/**
 * The headers helmet sets for these options, worked out once. (@fastify/helmet runs helmet anew on
 * every request, about a tenth of the CPU of a small API reply; with options that do not depend on
 * the request, as here, the answer is always the same.)
 */
function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const headers = helmetHeaders({
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
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.header(name, value);
  });

  // What a signed-in user is sent (JSON, CSV exports, files) stays out of shared and browser
  // caches unless the route chose its own policy (images: private, no-cache).
  app.addHook('onSend', async (request, reply) => {
    if (request.principal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
