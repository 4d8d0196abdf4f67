import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PortalUser, SignedInStatus } from '@portal/domain/api/user';
import { userView } from '../lib/http/user-view.js';
import { requireUser } from '../plugins/access.js';

// SPEC.md §7: the signed-in user and the status call.

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user',
    {
      config: { access: 'authenticated' },
      schema: { summary: 'The signed-in user', response: { 200: PortalUser } },
    },
    async (request) => userView(requireUser(request)),
  );

  app.get(
    '/api/user/authenticated',
    {
      // Asked by every page of a browser before it reads anything: a signed-out one is told so with a
      // 200, not a 401 the browser would log as an error before it goes to the login page; a
      // signed-in one gets its user in the same answer, one round trip before the page's reads.
      config: { access: 'anyone' },
      schema: {
        summary: 'OK and the signed-in user when signed in, UNAUTHENTICATED otherwise',
        response: { 200: SignedInStatus },
      },
    },
    async (request) =>
      request.principal
        ? { status: 'OK' as const, user: userView(request.principal) }
        : { status: 'UNAUTHENTICATED' as const },
  );
};

export default userRoutes;
