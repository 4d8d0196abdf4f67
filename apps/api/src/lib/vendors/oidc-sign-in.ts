import { createPendingLogin } from '@portal/db';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { PENDING_LOGIN_SECONDS } from '../http/session-cookie.js';
import type { OidcProviderSettings } from './oidc-providers.js';

// The start of the OpenID Connect authorization code flow with PKCE, state and nonce (RFC 9700
// §2.1), for the login redirect and an invitation's link alike. The pending login lives in
// Postgres, bound to the browser by a short-lived cookie holding its state.

export const callbackPath = (provider: string) => `/api/login/oauth2/code/${provider}`;

/** The login page shows the error parameter with everything but letters, digits and spaces removed. */
export const loginErrorPage = (message: string) => `/login?error=${encodeURIComponent(message)}`;

export async function startSignIn(
  app: FastifyInstance,
  provider: OidcProviderSettings,
  options: {
    returnTo: string | null;
    loginHint: string | undefined;
    invitationId?: string;
    /** 'login': the provider asks for credentials even when it remembers someone (OIDC Core §3.1.2.1). */
    prompt?: 'login';
  },
) {
  const configuration = await app.oidc.configuration(provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await createPendingLogin(app.db, {
    state,
    provider: provider.name,
    codeVerifier,
    nonce,
    returnTo: options.returnTo,
    invitationId: options.invitationId ?? null,
    ttlSeconds: PENDING_LOGIN_SECONDS,
  });
  const parameters: Record<string, string> = {
    redirect_uri: `${app.config.PUBLIC_URL}${callbackPath(provider.name)}`,
    scope: provider.scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  if (options.loginHint) parameters.login_hint = options.loginHint;
  if (options.prompt) parameters.prompt = options.prompt;
  return { state, location: client.buildAuthorizationUrl(configuration, parameters).href };
}
