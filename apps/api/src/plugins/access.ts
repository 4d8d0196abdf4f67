import { type Feature, hasFeature, isAllowed } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthenticatedUser } from '../lib/principal.js';
import { HttpError } from './errors.js';

/**
 * What a route needs, declared next to it in `config.access`:
 * - 'public': anyone (login, health, the human-verification challenge);
 * - 'authenticated': any signed-in user or service account (NO_FEATURE_REQUIRED);
 * - { feature }: a signed-in user with that feature (an internal admin has every feature).
 * Partner and access-type scoping of ids a client sends is checked in the handler with
 * `requirePartner`, because only the handler knows which partner an id belongs to.
 */
export type RouteAccess = 'public' | 'authenticated' | { feature: Feature };

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
  if (!isAllowed(user, { feature, accessTypeCode, partnerCode })) {
    throw new HttpError(403, 'Access to this place or content is restricted.');
  }
  return user;
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);

  // Every /api route must say what it needs; a route without a declaration fails the boot.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access requirement (config.access)`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user = requireUser(request);
    if (access !== 'authenticated' && !hasFeature(user, access.feature)) {
      throw new HttpError(403, 'Access to this place or content is restricted.');
    }
  });
});
