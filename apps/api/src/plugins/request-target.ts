import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, notFound } from '../lib/http/errors.js';

/**
 * The request target as one spelling, before the router sees it (RFC 9112 §3.2):
 * - absolute form (`GET http://host/api/users`), which servers must accept, becomes origin form
 *   (`/api/users`), the authority dropped: the Host header alone names the host;
 * - a path with an empty segment (`//`), a dot segment (`.` or `..`, percent-encoded or not), or
 *   a backslash (`\`, `%5c`) is refused with 400 rather than resolved: no page or call of the portal is spelled that way, and resolving
 *   them is how a proxy and the portal come to read one path two ways;
 * - anything else is left as it came: percent-encoding is decoded by the router, and an encoded
 *   slash stays inside its segment (the spec's base64 e-mail segments may hold `/`).
 * The access check never reads the URL: it reads the matched route (plugins/auth.ts).
 */
export type RequestTarget = { url: string } | { refused: string };

export const NON_CANONICAL_PATH =
  'The request path is not canonical: it has an empty or dot segment, or a backslash.';
export const NOT_A_PATH = 'The request target must be a path.';

const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

export function normalizeRequestTarget(raw: string): RequestTarget {
  let target = raw;
  const absolute = ABSOLUTE_FORM.exec(target);
  if (absolute) {
    target = target.slice(absolute[0].length);
    if (!target.startsWith('/')) target = `/${target}`;
  }
  if (!target.startsWith('/')) return { refused: NOT_A_PATH };
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  return isCanonicalPath(path) ? { url: target } : { refused: NON_CANONICAL_PATH };
}

/** No empty segment but the root, no dot segment (whatever its encoding), no backslash. */
export function isCanonicalPath(path: string): boolean {
  if (path === '/') return true;
  if (path.includes('\\') || /%5c/i.test(path)) return false;
  const segments = path.slice(1).split('/');
  return segments.every((segment, i) => {
    if (segment === '') return i === segments.length - 1 && i > 0; // a trailing slash only
    const decoded = decodedSegment(segment);
    return decoded !== '.' && decoded !== '..';
  });
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape: the router refuses it (400); only its dots matter here.
    return segment.replace(/%2e/gi, '.');
  }
}

const REFUSED = Symbol('request target refused');
type MarkedRequest = IncomingMessage & { [REFUSED]?: string };

/** Fastify's `rewriteUrl`: runs before routing, on every request. */
export function rewriteRequestTarget(request: IncomingMessage): string {
  const raw = request.url ?? '/';
  const target = normalizeRequestTarget(raw);
  if ('url' in target) return target.url;
  (request as MarkedRequest)[REFUSED] = target.refused;
  return raw;
}

/** Refuses, first of all hooks, a request whose target rewriteRequestTarget would not accept. */
export const requestTargetPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const refused = (request.raw as MarkedRequest)[REFUSED];
    if (refused) throw badRequest(refused);
    // The router lets a parameter be empty: `/api/dashboards/partners/` (a trailing slash, which is
    // significant here) matched `/api/dashboards/:accessTypeCode/:partnerCode` with no partner code,
    // and was answered by that route. A path with an empty parameter is no route's path.
    const params = request.params as Record<string, unknown> | undefined;
    if (params && Object.entries(params).some(([name, value]) => name !== '*' && value === '')) {
      throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
    }
  });
});
