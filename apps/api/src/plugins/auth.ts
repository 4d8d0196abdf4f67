import { findActiveUser, findSessionUser, findTokenOwner } from '@portal/db';
import { callerCredential, clearsSessionCookie } from '@portal/domain/access/caller-credential';
import { CSRF_MESSAGE, refusedAsCrossSite } from '@portal/domain/access/csrf';
import { identifiesCaller } from '@portal/domain/access/route-access';
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

export { CSRF_MESSAGE };

/**
 * Who is calling: a service account with `Authorization: Bearer <token>`, else the user of the
 * `portal_session` cookie, for every route that is not public. Runs on onRequest, before body validation, so an unauthenticated call
 * answers 401 and an unpermitted one 403 whatever its body (requireRouteAccess, the one check of a
 * route's declared access). Cookie-authenticated writes must prove they come from the SPA (csrf.ts).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  app.decorate('oidc', new OidcClients(config.oidcProviders, config.NODE_ENV !== 'production'));
  app.decorateRequest('authenticatedBy', null);

  app.addHook('onRequest', async (request, reply) => {
    // The matched route decides, whatever the URL's spelling. Public routes (pages, files, sign-in)
    // read no session; no route matched (404) has nothing to protect.
    if (!identifiesCaller(request.routeOptions.config?.access)) return;
    request.principal = await authenticate(app, request);
    if (clearsSessionCookie(request.principal !== null, request.cookies[SESSION_COOKIE])) {
      clearSessionCookie(reply, config.cookieSecure);
    }
    const csrf = {
      authenticatedBy: request.authenticatedBy,
      method: request.method,
      requestedWith: request.headers['x-requested-with'],
      fetchSite: request.headers['sec-fetch-site'],
    };
    if (refusedAsCrossSite(csrf)) throw new HttpError(403, CSRF_MESSAGE);
    requireRouteAccess(request);
  });
});

async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthenticatedUser | null> {
  const credential = callerCredential(request.headers.authorization, request.cookies[SESSION_COOKIE]);
  if (credential === null) return null;
  if ('token' in credential) {
    const userId = await findTokenOwner(app.db, credential.token);
    const user = userId ? await findActiveUser(app.db, userId) : undefined;
    if (!user) return null;
    request.authenticatedBy = 'token';
    return toAuthenticatedUser(user, null);
  }
  // One statement: session, user, features and grants, and the idle clock moved forward.
  const found = await findSessionUser(app.db, credential.sessionId, app.config.SESSION_IDLE_MINUTES);
  if (!found) return null;
  request.authenticatedBy = 'session';
  return toAuthenticatedUser(found.user, found.session);
}
