import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Redirect } from '@portal/domain/api/common';
import { InvitationPageReply } from '@portal/domain/api/tenants';
import { INVITATION_ACCEPT_PATH } from '@portal/domain/saas-users/invitation-link';
import { Type } from 'typebox';
import { setPendingLoginCookie } from '../lib/http/session-cookie.js';
import { readInvitationPage } from './invitation-page.js';
import { openInvitationLink, openSignInAgain } from './open-invitation-link.js';
import { clearSignInAgainCookie, SIGN_IN_AGAIN_COOKIE } from './sign-in-again.js';

// The invitee's side of an invitation, open without a session: the link of the e-mail (sign-in
// first, the acceptance when the identity comes back: open-invitation-link.ts), the
// invitation's page, and signing in again when the identity was another person's.
const InvitationParams = Type.Object({ invitationId: Type.String({ minLength: 1, maxLength: 200 }) });

const invitationAcceptanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rateLimit = { max: app.config.LOGIN_RATE_LIMIT, timeWindow: 60_000 };

  app.get(
    INVITATION_ACCEPT_PATH,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Opens an invitation link: signs in with the invited address, then accepts the invitation',
        querystring: Type.Object({ token: Type.String({ maxLength: 200, default: '' }) }),
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const link = await openInvitationLink(app, request.log, request.query.token);
      if (link.pendingState) setPendingLoginCookie(reply, link.pendingState, app.config.cookieSecure);
      return reply.redirect(link.location);
    },
  );

  app.get(
    '/api/saas/invitations/:invitationId',
    {
      config: { access: 'anyone', rateLimit },
      schema: {
        summary:
          'The invitation’s page: its status for anyone; what they joined for who accepted it; the invitation for its tenant’s administrators',
        params: InvitationParams,
        response: { 200: InvitationPageReply },
      },
    },
    async (request) =>
      readInvitationPage(
        { db: app.db, now: app.now(), publicUrl: app.config.PUBLIC_URL },
        request.principal,
        request.cookies[SIGN_IN_AGAIN_COOKIE],
        request.params.invitationId,
      ),
  );

  app.get(
    '/api/saas/invitations/:invitationId/sign-in-again',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary:
          'After a sign-in from the link came back as another person: signs in again, asking for the invited address',
        params: InvitationParams,
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const link = await openSignInAgain(
        app,
        request.log,
        request.cookies[SIGN_IN_AGAIN_COOKIE],
        request.params.invitationId,
      );
      if (link.ticketUsed) clearSignInAgainCookie(reply, app.config.cookieSecure);
      if (link.pendingState) setPendingLoginCookie(reply, link.pendingState, app.config.cookieSecure);
      return reply.redirect(link.location);
    },
  );
};

export default invitationAcceptanceRoutes;
