import {
  addUserIdentity,
  createSession,
  findActiveUser,
  findUserIdByIdentity,
  findUserIdsForSignIn,
  takePendingLogin,
  type UserWithAccess,
} from '@portal/db';
import { type InvitationOutcome, returnTarget } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { PENDING_LOGIN_COOKIE } from '../lib/http/session-cookie.js';
import type { OidcProviderSettings } from '../lib/vendors/oidc-providers.js';
import { loginErrorPage } from '../lib/vendors/oidc-sign-in.js';
import { acceptOnSignIn } from '../saas-users/accept-on-sign-in.js';
import { invitationStatusPage, mismatchedPage } from '../saas-users/invitation-link.js';
import { offerSignInAgain } from '../saas-users/sign-in-again.js';

// The return of the OpenID Connect authorization code flow (its start: lib/vendors/oidc-sign-in.ts):
// the pending login, the tokens, an invitation accepted on the way, the portal user and the session.

export const USER_NOT_FOUND_PAGE = '/user-not-found';
/**
 * Where a sign-in may return: a page of the portal's route table, never another site (the rule is
 * returnTarget of packages/domain, which the login page applies too); null returns to '/'.
 */
export function safeReturnTo(value: string | undefined): string | null {
  return returnTarget(value);
}

export type SignInResult =
  | { outcome: 'signed-in'; user: UserWithAccess; sessionId: string; returnTo: string }
  /**
   * The sign-in began at an invitation link that could not be accepted; nothing changed. When the
   * identity was another person's, `signInAgain` is the browser's ticket to try again.
   */
  | { outcome: 'invitation-refused'; status: InvitationOutcome; invitationId: string; signInAgain?: string }
  | { outcome: 'unknown-user'; subject: string }
  | { outcome: 'refused'; reason: string };

export async function finishSignIn(
  app: FastifyInstance,
  provider: OidcProviderSettings,
  request: FastifyRequest,
  query: { state?: string | undefined; error?: string | undefined },
): Promise<SignInResult> {
  const { state, error } = query;
  if (error) return { outcome: 'refused', reason: `provider answered ${error}` };
  if (!state || request.cookies[PENDING_LOGIN_COOKIE] !== state) {
    return { outcome: 'refused', reason: 'state missing or not from this browser' };
  }
  const pending = await takePendingLogin(app.db, state, provider.name);
  if (!pending) return { outcome: 'refused', reason: 'no pending sign-in for this state' };

  let idToken: string | undefined;
  let claims: client.IDToken | undefined;
  let accessToken: string;
  let configuration: client.Configuration;
  try {
    configuration = await app.oidc.configuration(provider);
    const tokens = await client.authorizationCodeGrant(
      configuration,
      new URL(request.url, app.config.PUBLIC_URL),
      { pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce },
    );
    idToken = tokens.id_token;
    claims = tokens.claims();
    accessToken = tokens.access_token;
  } catch (cause) {
    return { outcome: 'refused', reason: `token exchange failed: ${(cause as Error).message}` };
  }
  if (!claims || !idToken) return { outcome: 'refused', reason: 'no ID token' };

  let email = typeof claims.email === 'string' ? claims.email : undefined;
  let emailVerified = claims.email_verified;
  if (!email && configuration.serverMetadata().userinfo_endpoint) {
    try {
      const info = await client.fetchUserInfo(configuration, accessToken, claims.sub);
      email = info.email;
      emailVerified = info.email_verified;
    } catch (cause) {
      return { outcome: 'refused', reason: `userinfo failed: ${(cause as Error).message}` };
    }
  }
  if (pending.invitationId) {
    const accepted = await acceptOnSignIn(app, {
      invitationId: pending.invitationId,
      email,
      emailVerified: emailVerified === true,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
      lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
    });
    if (accepted.outcome === 'mismatched') {
      return {
        outcome: 'invitation-refused',
        status: accepted.outcome,
        invitationId: pending.invitationId,
        signInAgain: await offerSignInAgain(app.db, provider.name, pending.invitationId),
      };
    }
    if (accepted.outcome !== 'accepted') {
      return { outcome: 'invitation-refused', status: accepted.outcome, invitationId: pending.invitationId };
    }
  }
  // An email the provider says is unverified never matches a portal user.
  const user = await identifyUser(app, provider, claims.sub, emailVerified === false ? undefined : email);
  if (!user) return { outcome: 'unknown-user', subject: claims.sub };

  const { sessionId } = await createSession(app.db, {
    userId: user.userId,
    provider: provider.name,
    idToken,
    absoluteHours: app.config.SESSION_ABSOLUTE_HOURS,
  });
  return { outcome: 'signed-in', user, sessionId, returnTo: pending.returnTo ?? '/' };
}

/** Where a sign-in that opened no session sends the browser; the reason goes to the log only. */
export function notSignedInPage(
  result: Exclude<SignInResult, { outcome: 'signed-in' }>,
  log: FastifyBaseLogger,
  provider: string,
): string {
  switch (result.outcome) {
    case 'refused':
      log.warn({ provider, reason: result.reason }, 'sign-in refused');
      return loginErrorPage('Sign in failed Please try again');
    case 'invitation-refused':
      log.warn({ provider, status: result.status }, 'invitation not accepted');
      return result.status === 'mismatched'
        ? mismatchedPage(result.invitationId)
        : invitationStatusPage(result.status);
    case 'unknown-user':
      log.warn({ provider, subject: result.subject }, 'sign-in by an unknown user');
      return USER_NOT_FOUND_PAGE;
  }
}

/**
 * The portal user an identity stands for: first by a recorded identity, else the one user whose
 * id equals the subject or whose email matches; the identity is then recorded. Disabled users
 * and ambiguous matches sign no one in.
 */
async function identifyUser(
  app: FastifyInstance,
  provider: OidcProviderSettings,
  subject: string,
  email: string | undefined,
): Promise<UserWithAccess | undefined> {
  const known = await findUserIdByIdentity(app.db, provider.identityProvider, subject);
  if (known) return findActiveUser(app.db, known);
  const candidates = await findUserIdsForSignIn(app.db, subject, email);
  if (candidates.length !== 1) return undefined;
  const user = await findActiveUser(app.db, candidates[0]!);
  if (user)
    await addUserIdentity(app.db, { provider: provider.identityProvider, subject, userId: user.userId });
  return user;
}
