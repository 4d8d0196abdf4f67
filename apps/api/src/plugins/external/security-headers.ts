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

/** Helmet's headers that concern a document only, dropped from JSON replies. */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The policy of a JSON reply (OWASP's REST Security Cheat Sheet): it loads nothing and is framed
 * by nothing. The document policy, with its script, style and frame sources, is for pages.
 */
export const JSON_REPLY_POLICY = "default-src 'none'; frame-ancestors 'none'";

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
    // A JSON reply is data, never a document the browser lays out: the headers that only steer a
    // document (its opener, its referrer, its links' DNS prefetch, old IE's download box, Flash and
    // PDF cross-domain policy files, origin-keyed agent clusters, the retired XSS auditor) are
    // dropped, and its policy is the short one. Each JSON read of a phone's first page carried about
    // 420 bytes more (issue 24's byte budget). HSTS, nosniff and X-Frame-Options stay.
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      reply.header('content-security-policy', JSON_REPLY_POLICY);
    }
  });
});
