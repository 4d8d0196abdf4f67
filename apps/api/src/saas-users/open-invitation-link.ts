import {
  findInvitation,
  findInvitationByTokenHash,
  type Invitation,
  sha256Hex,
  takeInvitationSignInAgain,
} from '@portal/db';
import { invitationStatus } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEFAULT_PROVIDER, type OidcProviderSettings } from '../lib/vendors/oidc-providers.js';
import { loginErrorPage, startSignIn } from '../lib/vendors/oidc-sign-in.js';
import { invitationPagePath, invitationStatusPage } from './invitation-link.js';

// The link of an invitation e-mail leads through sign-in; the invitation is accepted when the
// identity comes back (accept-on-sign-in.ts), and the person lands on the invitation's page, which
// says what they joined. A link that cannot be accepted any more goes straight to the page saying
// why, and changes nothing.

const SIGN_IN_UNAVAILABLE = loginErrorPage('Sign in is unavailable Please try again later');

/**
 * Where a link sends the browser; `pendingState` is set when sign-in began, and the browser must
 * carry it in the pending-login cookie.
 */
export type InvitationSignIn = { location: string; pendingState?: string };

/** The e-mail's link: its token names the invitation. */
export async function openInvitationLink(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  token: string,
): Promise<InvitationSignIn> {
  const invitation = token ? await findInvitationByTokenHash(app.db, sha256Hex(token)) : undefined;
  if (!invitation) return { location: invitationStatusPage('invalid') };
  return signInFor(app, log, invitation, {});
}

/**
 * 'Sign in as {address}' after a sign-in from the link came back as another person: uses up the
 * browser's ticket (sign-in-again.ts) and asks the sign-in server for the invited address's
 * credentials even though it remembers someone (prompt=login, login_hint). Without a ticket for
 * this invitation, its page says to open the e-mail's link again.
 */
export async function openSignInAgain(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  ticket: string | undefined,
  invitationId: string,
): Promise<InvitationSignIn & { ticketUsed: boolean }> {
  const ticketUsed = ticket
    ? await takeInvitationSignInAgain(app.db, sha256Hex(ticket), invitationId)
    : false;
  const invitation = ticketUsed ? await findInvitation(app.db, invitationId) : undefined;
  if (!invitation) return { location: invitationPagePath(invitationId), ticketUsed };
  return { ...(await signInFor(app, log, invitation, { prompt: 'login' })), ticketUsed };
}

async function signInFor(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  invitation: Invitation,
  options: { prompt?: 'login' },
): Promise<InvitationSignIn> {
  const status = invitationStatus(invitation, app.now());
  if (status !== 'pending') return { location: invitationStatusPage(status) };
  const provider = providerFor(app.config.oidcProviders, invitation.emailAddress);
  if (!provider) return { location: SIGN_IN_UNAVAILABLE };
  const started = await startSignIn(app, provider, {
    returnTo: invitationPagePath(invitation.invitationId),
    loginHint: invitation.emailAddress,
    invitationId: invitation.invitationId,
    ...options,
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
