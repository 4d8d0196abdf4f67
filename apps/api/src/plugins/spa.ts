import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Hashed file names change with their content: a browser or CDN may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always asked again, never kept by a shared cache. */
export const REVALIDATE = 'private, no-cache';

const ASSETS_PATH = '/assets/';
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
  // Never revalidated (immutable): validators are dead weight.
  'last-modified',
  'etag',
  'accept-ranges',
];

// Serves the built SPA with history fallback, so one port serves the whole portal: any GET
// that is not an API call and not a file answers with index.html and the router takes over.
// The build writes .br and .gz beside each text file (apps/web/vite-precompress.ts); they are
// sent as they are to a browser that accepts them, so nothing is compressed per request.
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const root = resolve(options.root);
  const assets = resolve(root, 'assets') + sep;
  const hasBuild = existsSync(resolve(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  // A hashed script or stylesheet is no document: the page's policies (CSP, framing, referrer)
  // do not apply to it, and a phone fetching twenty of them pays ~700 bytes each for nothing.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith(ASSETS_PATH) || reply.statusCode !== 200) return;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (hasBuild && isPage) {
      return reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
  });
});
