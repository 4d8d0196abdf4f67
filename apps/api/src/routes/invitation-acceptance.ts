import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { setPendingLoginCookie } from '../lib/session-cookie.js';
import { openInvitationLink } from '../lib/tenants/open-invitation-link.js';

// The link of an invitation e-mail: sign-in first, the acceptance when the identity comes back
// (lib/tenants/open-invitation-link.ts).
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
      const link = await openInvitationLink(app, request.log, request.query.token);
      if (link.pendingState) setPendingLoginCookie(reply, link.pendingState, app.config.cookieSecure);
      return reply.redirect(link.location);
    },
  );
};

export default invitationAcceptanceRoutes;
