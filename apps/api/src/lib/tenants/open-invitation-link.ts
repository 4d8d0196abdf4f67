import { findInvitationByTokenHash, sha256Hex } from '@portal/db';
import { invitationStatus } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEFAULT_PROVIDER, type OidcProviderSettings } from '../oidc-providers.js';
import { loginErrorPage, startSignIn } from '../sign-in.js';
import { invitationStatusPage } from './invitation-link.js';

// The link of an invitation e-mail leads through sign-in; the invitation is accepted when the
// identity comes back (accept-on-sign-in.ts). A link that cannot be accepted any more goes
// straight to the page saying why, and changes nothing.

const SIGN_IN_UNAVAILABLE = loginErrorPage('Sign in is unavailable Please try again later');

/**
 * Where an invitation link sends the browser; `pendingState` is set when sign-in began, and the
 * browser must carry it in the pending-login cookie.
 */
export async function openInvitationLink(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  token: string,
): Promise<{ location: string; pendingState?: string }> {
  const invitation = token ? await findInvitationByTokenHash(app.db, sha256Hex(token)) : undefined;
  if (!invitation) return { location: invitationStatusPage('invalid') };
  const status = invitationStatus(invitation, new Date());
  if (status !== 'pending') return { location: invitationStatusPage(status) };
  const provider = providerFor(app.config.oidcProviders, invitation.emailAddress);
  if (!provider) return { location: SIGN_IN_UNAVAILABLE };
  const started = await startSignIn(app, provider, {
    returnTo: '/',
    loginHint: invitation.emailAddress,
    invitationId: invitation.invitationId,
  }).catch((error: Error) => {
    log.error({ err: error, provider: provider.name }, 'sign-in provider unavailable');
    return null;
  });
  if (!started) return { location: SIGN_IN_UNAVAILABLE };
  return { location: started.location, pendingState: started.state };
}

/** The provider of the invited address's domain, else the default one. */
function providerFor(providers: readonly OidcProviderSettings[], email: string) {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return (
    providers.find((p) => p.emailDomains.some((d) => d.toLowerCase() === domain)) ??
    providers.find((p) => p.name === DEFAULT_PROVIDER) ??
    providers[0]
  );
}
