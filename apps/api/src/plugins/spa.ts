import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGES, PUBLIC_PAGE_PATHS } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { declarePlaceAccess } from './access.js';

/** Hashed file names change with their content: a browser or CDN may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always asked again, never kept by a shared cache. */
export const REVALIDATE = 'private, no-cache';

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  // A policy of the whole host: the document that every visit loads first carries it.
  'strict-transport-security',
  'x-xss-protection',
  'x-request-id',
  // Never revalidated (immutable): validators are dead weight.
  'last-modified',
  'etag',
  'accept-ranges',
];

/** Every page of the SPA's route table (SPEC.md §2 and the public pages), as router paths. */
export const SPA_PAGE_PATHS: readonly string[] = [
  ...new Set([...Object.values(PAGES).map((page) => page.path), ...PUBLIC_PAGE_PATHS]),
];

/**
 * Serves the built SPA on the API's port. Its files are routes of their own (one per file of the
 * build, found at start), and so is every page of the route table, answered with index.html
 * whatever characters its parameters hold (a tenant user id is an e-mail address). Anything else
 * is not found: a browser asking for a page gets index.html with 404 (the SPA's Page Not Found),
 * any other caller JSON. All of it is public: the page asks the API who is signed in.
 * The build writes .br and .gz beside each text file (apps/web/vite-precompress.ts); they are sent
 * as they are to a browser that accepts them, so nothing is compressed per request.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const root = resolve(options.root);
  const assets = resolve(root, 'assets') + sep;
  const hasBuild = existsSync(resolve(root, 'index.html'));
  const sendIndex = (reply: FastifyReply, status = 200) =>
    reply.status(status).type('text/html').header('cache-control', REVALIDATE).sendFile('index.html');

  if (hasBuild) {
    await app.register(async (files) => {
      declarePlaceAccess(files, 'public');
      // A hashed script or stylesheet is no document: the page's policies (CSP, framing, referrer)
      // do not apply to it, and a phone fetching twenty of them pays ~700 bytes each for nothing.
      files.addHook('onSend', async (_request, reply) => {
        // A hashed file of the build is the one whose file setHeaders found under assets/ (immutable).
        if (reply.statusCode !== 200 || reply.getHeader('cache-control') !== IMMUTABLE) return;
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      });
      await files.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        // @fastify/static 10 hands over the reply, not the raw response.
        setHeaders: (response, path) => {
          response.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
          response.header('vary', 'accept-encoding');
        },
      });
      for (const path of SPA_PAGE_PATHS) {
        files.get(path, { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
      }
      // Here, where reply.sendFile is: a scope without a prefix sets the handler for every path.
      files.setNotFoundHandler((request, reply) => {
        const wantsPage =
          (request.method === 'GET' || request.method === 'HEAD') &&
          String(request.headers.accept ?? '').includes('text/html');
        return wantsPage ? sendIndex(reply, 404) : notFound(request, reply);
      });
    });
  } else {
    app.setNotFoundHandler(notFound);
  }
});

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
}
