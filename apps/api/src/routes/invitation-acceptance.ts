import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findInvitationByTokenHash, sha256Hex } from '@portal/db';
import { invitationStatus } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { DEFAULT_PROVIDER } from '../lib/oidc-providers.js';
import { setPendingLoginCookie } from '../lib/session-cookie.js';
import { loginErrorPage, startSignIn } from '../lib/sign-in.js';
import { invitationStatusPage } from '../lib/tenants/invitation-link.js';

// The link of an invitation e-mail. It leads through sign-in; the invitation is accepted when the
// identity comes back (lib/tenants/accept-on-sign-in.ts). A link that cannot be accepted any
// more goes straight to the page saying why, and changes nothing.
const invitationAcceptanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/saas/invitations/accept',
    {
      config: {
        access: 'public',
        rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: 60_000 },
      },
      schema: {
        summary: 'Opens an invitation link: signs in with the invited address, then accepts the invitation',
        querystring: Type.Object({ token: Type.String({ maxLength: 200, default: '' }) }),
        response: { 302: Type.Null({ description: 'A redirect (Location header)' }) },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const invitation = token ? await findInvitationByTokenHash(app.db, sha256Hex(token)) : undefined;
      if (!invitation) return reply.redirect(invitationStatusPage('invalid'));
      const status = invitationStatus(invitation, new Date());
      if (status !== 'pending') return reply.redirect(invitationStatusPage(status));
      const provider = providerFor(invitation.emailAddress);
      if (!provider) return reply.redirect(loginErrorPage('Sign in is unavailable Please try again later'));
      const started = await startSignIn(app, provider, {
        returnTo: '/',
        loginHint: invitation.emailAddress,
        invitationId: invitation.invitationId,
      }).catch((error: Error) => {
        request.log.error({ err: error, provider: provider.name }, 'sign-in provider unavailable');
        return null;
      });
      if (!started) return reply.redirect(loginErrorPage('Sign in is unavailable Please try again later'));
      setPendingLoginCookie(reply, started.state, app.config.cookieSecure);
      return reply.redirect(started.location);
    },
  );

  /** The provider of the invited address's domain, else the default one. */
  function providerFor(email: string) {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    const providers = app.config.oidcProviders;
    return (
      providers.find((p) => p.emailDomains.some((d) => d.toLowerCase() === domain)) ??
      providers.find((p) => p.name === DEFAULT_PROVIDER) ??
      providers[0]
    );
  }
};

export default invitationAcceptanceRoutes;
