import { type Feature, hasFeature, isAllowed } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthenticatedUser } from '../lib/principal.js';
import { forbidden, HttpError } from './errors.js';

/**
 * What a route needs, declared next to it in `config.access`:
 * - 'public': anyone (login, health, the human-verification challenge);
 * - 'authenticated': any signed-in user or service account (NO_FEATURE_REQUIRED);
 * - { feature }: a signed-in user with that feature (an internal admin has every feature).
 * Partner and access-type scoping of ids a client sends is checked in the handler with
 * `requirePartner`, because only the handler knows which partner an id belongs to.
 */
export type RouteAccess = 'public' | 'authenticated' | { feature: Feature };

/** Bull Board's place (plugins/queue-board.ts): guarded like /api, for internal admins. */
export const QUEUE_BOARD_PATH = '/admin/queues';
export const QUEUE_BOARD_ACCESS: RouteAccess = { feature: 'INTERNAL_ADMIN' };

/**
 * Routes a third-party plugin registers (Bull Board) cannot declare their access themselves: they
 * get the access of their place here, at registration, before any check reads it.
 */
export function applyPlaceAccess(route: { url: string; config?: { access?: RouteAccess } }): void {
  const underBoard = route.url === QUEUE_BOARD_PATH || route.url.startsWith(`${QUEUE_BOARD_PATH}/`);
  if (underBoard && !route.config?.access) route.config = { ...route.config, access: QUEUE_BOARD_ACCESS };
}

/** Paths whose routes must declare their access and whose callers are authenticated: /api and the queue board. */
export function isGuardedPath(url: string): boolean {
  if (url.startsWith('/api/')) return !url.startsWith('/api/docs');
  return url === QUEUE_BOARD_PATH || /^\/admin\/queues[/?]/.test(url);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: AuthenticatedUser | null;
  }
}

export class UnauthenticatedError extends HttpError {
  constructor() {
    super(401, 'Authentication required', { uri: '/login' });
  }
}

export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.principal) throw new UnauthenticatedError();
  return request.principal;
}

/** Refuses (403) unless the user may use this partner under this access type for `feature`. */
export function requirePartner(
  request: FastifyRequest,
  accessTypeCode: string,
  partnerCode: string,
  feature: Feature = 'NO_FEATURE_REQUIRED',
): AuthenticatedUser {
  const user = requireUser(request);
  if (!isAllowed(user, { feature, accessTypeCode, partnerCode })) throw forbidden();
  return user;
}

/**
 * The route's declared access, checked once per request: by the auth plugin's onRequest hook,
 * right after it knows the caller and before the body is read, so an unauthenticated call answers
 * 401 and an unpermitted one 403 whatever its body.
 */
export function requireRouteAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config?.access;
  if (!access || access === 'public') return;
  const user = requireUser(request);
  if (access !== 'authenticated' && !hasFeature(user, access.feature)) throw forbidden();
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);

  // Every /api route must say what it needs; a route without a declaration fails the boot.
  app.addHook('onRoute', (route) => {
    if (!isGuardedPath(route.url)) return;
    applyPlaceAccess(route);
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access requirement (config.access)`);
    }
  });
});
