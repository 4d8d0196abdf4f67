import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deleteSession, sha256Hex } from '@portal/db';
import { RETURN_TO_MAX } from '@portal/domain';
import { Uri } from '@portal/domain/api/auth';
import { Redirect } from '@portal/domain/api/common';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { Type } from 'typebox';
import { notFound } from '../lib/http/errors.js';
import {
  clearPendingLoginCookie,
  clearSessionCookie,
  SESSION_COOKIE,
  setPendingLoginCookie,
  setSessionCookie,
} from '../lib/http/session-cookie.js';
import { loginErrorPage, startSignIn } from '../lib/vendors/oidc-sign-in.js';
import { setSignInAgainCookie } from '../saas-users/sign-in-again.js';
import { signInUriFor } from './home-realm.js';
import { finishSignIn, notSignedInPage, safeReturnTo } from './sign-in.js';

// SPEC.md §7 "Authentication and user": the login redirect, the OpenID sign-in and sign-out.
const ProviderParams = Type.Object({ provider: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const rateLimit = { max: config.LOGIN_RATE_LIMIT, timeWindow: 60_000 };
  const providerNamed = (name: string) => {
    const provider = app.oidc.provider(name);
    if (!provider) throw notFound(`Unknown sign-in provider ${name}`);
    return provider;
  };

  app.get(
    '/api/login/redirect',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Where the login page sends a user: a provider, or sso for the default sign-in',
        querystring: Type.Object({ username: Type.String({ maxLength: 320, default: '' }) }),
        response: { 200: Uri },
      },
    },
    async (request) => ({ uri: signInUriFor(request.query.username, config.oidcProviders) }),
  );

  app.get(
    '/api/oauth2/authorization/:provider',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Starts the OpenID Connect sign-in at a provider',
        params: ProviderParams,
        querystring: Type.Object({
          returnTo: Type.Optional(Type.String({ maxLength: RETURN_TO_MAX })),
          loginHint: Type.Optional(Type.String({ maxLength: 320 })),
        }),
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      const started = await startSignIn(app, provider, {
        returnTo: safeReturnTo(request.query.returnTo),
        loginHint: request.query.loginHint,
      }).catch((error: Error) => {
        request.log.error({ err: error, provider: provider.name }, 'sign-in provider unavailable');
        return null;
      });
      if (!started) return reply.redirect(loginErrorPage('Sign in is unavailable Please try again later'));
      setPendingLoginCookie(reply, started.state, config.cookieSecure);
      return reply.redirect(started.location);
    },
  );

  app.get(
    '/api/login/oauth2/code/:provider',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'The provider sends the browser back here with an authorization code',
        params: ProviderParams,
        querystring: Type.Object(
          {
            code: Type.Optional(Type.String()),
            state: Type.Optional(Type.String()),
            error: Type.Optional(Type.String()),
            error_description: Type.Optional(Type.String()),
          },
          { additionalProperties: true },
        ),
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      const result = await finishSignIn(app, provider, request, request.query);
      clearPendingLoginCookie(reply, config.cookieSecure);
      if (result.outcome !== 'signed-in') {
        if (result.outcome === 'invitation-refused' && result.signInAgain) {
          setSignInAgainCookie(reply, result.signInAgain, config.cookieSecure);
        }
        return reply.redirect(notSignedInPage(result, request.log, provider.name));
      }
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(app.db, sha256Hex(previous));
      setSessionCookie(reply, result.sessionId, config.cookieSecure);
      request.log.info({ provider: provider.name, userId: result.user.userId }, 'signed in');
      return reply.redirect(result.returnTo);
    },
  );

  app.get(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Ends the session; uri is where to go next (the provider sign-out, or /logout)',
        response: { 200: Uri },
      },
    },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      const ended = sessionId ? await deleteSession(app.db, sha256Hex(sessionId)) : undefined;
      clearSessionCookie(reply, config.cookieSecure);
      return { uri: await signOutUri(app, ended?.provider ?? null, ended?.idToken ?? null) };
    },
  );
};

export default authRoutes;

/** The provider's end-session address when it has one, else the portal's own logout page. */
async function signOutUri(app: FastifyInstance, providerName: string | null, idToken: string | null) {
  const provider = providerName ? app.oidc.provider(providerName) : undefined;
  if (!provider || !idToken) return '/logout';
  try {
    const configuration = await app.oidc.configuration(provider);
    if (!configuration.serverMetadata().end_session_endpoint) return '/logout';
    return client.buildEndSessionUrl(configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${app.config.PUBLIC_URL}/logout`,
    }).href;
  } catch (error) {
    app.log.warn({ err: error, provider: provider.name }, 'provider sign-out unavailable');
    return '/logout';
  }
}
