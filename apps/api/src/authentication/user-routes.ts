import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FEATURES } from '@portal/domain';
import { USER_NAME_MAX } from '@portal/domain/admin/admin-external-user';
import { PortalUser, SignedInStatus } from '@portal/domain/api/user';
import { Type } from 'typebox';
import type { AuthenticatedUser } from '../lib/http/principal.js';
import { requireUser } from '../plugins/access.js';
import { editOwnName } from './edit-own-name.js';

// SPEC.md §7: the signed-in user, the status call, and the name edit of My account.

/** An internal admin has every feature (SPEC.md §6), so the SPA gets them all listed. */
export function userView(user: AuthenticatedUser) {
  return {
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    commonId: user.commonId,
    isExternalUser: user.isExternalUser,
    isInternalAdmin: user.isInternalAdmin,
    isServiceAccount: user.isServiceAccount,
    features: user.isInternalAdmin ? [...FEATURES] : [...user.features],
    partners: { partnerAccess: user.partnerGrants.map((g) => ({ ...g })) },
  };
}

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

  app.put(
    '/api/saas/user/updateSelf',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Edits the name of the signed-in user (only when the user id is the email)',
        body: Type.Object({
          firstName: Type.String({ maxLength: USER_NAME_MAX }),
          lastName: Type.String({ maxLength: USER_NAME_MAX }),
        }),
        response: { 200: PortalUser },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return userView({ ...user, ...(await editOwnName({ db: app.db }, { user, ...request.body })) });
    },
  );
};

export default userRoutes;
