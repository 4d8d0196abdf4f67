import type { IncomingMessage } from 'node:http';
import { emptyParameterRefusal, normalizeRequestTarget } from '@portal/domain/access/request-target';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, notFound } from '../lib/http/errors.js';

// The request target as one spelling, before the router sees it (request-target.ts of the domain).
export {
  isCanonicalPath,
  NON_CANONICAL_PATH,
  NOT_A_PATH,
  normalizeRequestTarget,
  type RequestTarget,
} from '@portal/domain/access/request-target';

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
    const params = request.params as Record<string, unknown> | undefined;
    const empty = emptyParameterRefusal(request.method, request.url, params);
    if (empty !== undefined) throw notFound(empty);
  });
});
