import type { Feature } from '@portal/domain';
import {
  type AccessDecision,
  accessTableMethods,
  declaredAccess,
  partnerAccessDecision,
  type RouteAccess,
  routeAccessDecision,
} from '@portal/domain/access/route-access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../lib/http/errors.js';
import type { AuthenticatedUser } from '../lib/http/principal.js';

/**
 * What a route needs (RouteAccess, route-access.ts), declared next to it in `config.access`.
 * The check reads the route the router matched (request.routeOptions), never the URL: however a
 * path is spelled, the route that serves it decides.
 * Partner and access-type scoping of ids a client sends is checked in the handler with
 * `requirePartner`, because only the handler knows which partner an id belongs to.
 */
export type { RouteAccess };

/** Bull Board's place (operations/queue-board.ts): for internal admins. */
export const QUEUE_BOARD_PATH = '/admin/queues';
export const QUEUE_BOARD_ACCESS: RouteAccess = { feature: 'INTERNAL_ADMIN' };

/** A registered route and the access it declared: the authorization matrix reads the list. */
export type RouteWithAccess = { method: string; url: string; access: RouteAccess };

const PLACE_ACCESS = Symbol('place access');
type Place = FastifyInstance & { [PLACE_ACCESS]?: RouteAccess };

/**
 * Gives every route registered in `scope` (and the scopes inside it) that declares no access of
 * its own the access `access`: for plugins of others (static files, Bull Board, Swagger UI) whose
 * routes cannot say it themselves. Scopes inherit from their parent, so this reaches their plugins.
 */
export function declarePlaceAccess(scope: FastifyInstance, access: RouteAccess): void {
  (scope as Place)[PLACE_ACCESS] = access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, in the order registered. */
    accessTable: RouteWithAccess[];
  }
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

/** The refusal of a decision that is not 'allow'. */
function enforce(decision: AccessDecision): void {
  if (decision === 'unauthenticated') throw new UnauthenticatedError();
  if (decision === 'forbidden') throw forbidden();
}

/** Refuses (403) unless the user may use this partner under this access type for `feature`. */
export function requirePartner(
  request: FastifyRequest,
  accessTypeCode: string,
  partnerCode: string,
  feature: Feature = 'NO_FEATURE_REQUIRED',
): AuthenticatedUser {
  enforce(partnerAccessDecision(request.principal, { feature, accessTypeCode, partnerCode }));
  return requireUser(request);
}

/**
 * The route's declared access, checked once per request: by the auth plugin's onRequest hook,
 * right after it knows the caller and before the body is read, so an unauthenticated call answers
 * 401 and an unpermitted one 403 whatever its body.
 */
export function requireRouteAccess(request: FastifyRequest): void {
  enforce(routeAccessDecision(request.routeOptions.config?.access, request.principal));
}

/**
 * Deny by default: every route, wherever it lives, declares its access in `config.access` (or gets
 * its place's, declarePlaceAccess) or the app does not build. Registered first, so no route escapes.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);
  app.decorate('accessTable', [] as RouteWithAccess[]);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const access = declaredAccess(route.config?.access, (this as Place)[PLACE_ACCESS]);
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access requirement (config.access)`);
    }
    route.config = { ...route.config, access };
    for (const method of accessTableMethods(route.method))
      app.accessTable.push({ method, url: route.url, access });
  });
});
