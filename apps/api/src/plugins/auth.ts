import { findActiveUser, findSessionUser, findTokenOwner } from '@portal/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http/errors.js';
import { type AuthenticatedUser, toAuthenticatedUser } from '../lib/http/principal.js';
import { clearSessionCookie, SESSION_COOKIE } from '../lib/http/session-cookie.js';
import { OidcClients } from '../lib/vendors/oidc-clients.js';
import { requireRouteAccess } from './access.js';

declare module 'fastify' {
  interface FastifyInstance {
    oidc: OidcClients;
  }
  interface FastifyRequest {
    /** How request.principal was established. */
    authenticatedBy: 'session' | 'token' | null;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_MESSAGE =
  'This request was refused: a signed-in change must come from the portal itself (X-Requested-With: portal).';

/**
 * Who is calling: a service account with `Authorization: Bearer <token>`, else the user of the
 * `portal_session` cookie, for every route that is not public. Runs on onRequest, before body validation, so an unauthenticated call
 * answers 401 and an unpermitted one 403 whatever its body (requireRouteAccess, the one check of a
 * route's declared access). Cookie-authenticated writes must prove they come from the SPA (CSRF).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  app.decorate('oidc', new OidcClients(config.oidcProviders, config.NODE_ENV !== 'production'));
  app.decorateRequest('authenticatedBy', null);

  app.addHook('onRequest', async (request, reply) => {
    // The matched route decides, whatever the URL's spelling. Public routes (pages, files, sign-in)
    // read no session; no route matched (404) has nothing to protect.
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.principal = await authenticate(app, request);
    if (!request.principal && request.cookies[SESSION_COOKIE]) clearSessionCookie(reply, config.cookieSecure);
    if (request.authenticatedBy === 'session' && WRITE_METHODS.has(request.method) && !fromPortal(request)) {
      throw new HttpError(403, CSRF_MESSAGE);
    }
    requireRouteAccess(request);
  });
});

async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthenticatedUser | null> {
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    const userId = await findTokenOwner(app.db, authorization.slice(7).trim());
    const user = userId ? await findActiveUser(app.db, userId) : undefined;
    if (!user) return null;
    request.authenticatedBy = 'token';
    return toAuthenticatedUser(user, null);
  }
  const sessionId = request.cookies[SESSION_COOKIE];
  if (!sessionId) return null;
  // One statement: session, user, features and grants, and the idle clock moved forward.
  const found = await findSessionUser(app.db, sessionId, app.config.SESSION_IDLE_MINUTES);
  if (!found) return null;
  request.authenticatedBy = 'session';
  return toAuthenticatedUser(found.user, found.session);
}

/** A cross-site page can send neither header: custom headers need CORS, Sec-Fetch-Site is set by the browser. */
function fromPortal(request: FastifyRequest): boolean {
  const requestedWith = request.headers['x-requested-with'];
  const fetchSite = request.headers['sec-fetch-site'];
  return (
    (typeof requestedWith === 'string' && requestedWith.toLowerCase() === 'portal') ||
    fetchSite === 'same-origin'
  );
}
