import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { updateUserNames, writeAudit } from '@portal/db';
import { FEATURES, MESSAGES } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import type { AuthenticatedUser } from '../lib/principal.js';
import { requireUser } from '../plugins/access.js';
import { badRequest, forbidden } from '../plugins/errors.js';

// SPEC.md §7: the signed-in user, the status call, and the name edit of My account.
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
export const UserReply = Type.Object({
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  commonId: Nullable(Type.String()),
  isExternalUser: Type.Union([Type.Boolean(), Type.Null()]),
  isInternalAdmin: Type.Boolean(),
  isServiceAccount: Type.Boolean(),
  features: Type.Array(Type.String()),
  partners: Type.Object({
    partnerAccess: Type.Array(Type.Object({ accessTypeCode: Type.String(), partnerCode: Type.String() })),
  }),
});

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

const required = (value: string, field: string) => {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(MESSAGES.required, { field });
  return trimmed;
};

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user',
    {
      config: { access: 'authenticated' },
      schema: { summary: 'The signed-in user', response: { 200: UserReply } },
    },
    async (request) => userView(requireUser(request)),
  );

  app.get(
    '/api/user/authenticated',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'OK when signed in (401 otherwise)',
        response: { 200: Type.Object({ status: Type.Literal('OK') }) },
      },
    },
    async () => ({ status: 'OK' as const }),
  );

  app.put(
    '/api/saas/user/updateSelf',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Edits the name of the signed-in user (only when the user id is the email)',
        body: Type.Object({
          firstName: Type.String({ maxLength: 100 }),
          lastName: Type.String({ maxLength: 100 }),
        }),
        response: { 200: UserReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.isServiceAccount || user.userId.toLowerCase() !== user.email.trim().toLowerCase()) {
        throw forbidden('Only a user whose user id is their email address can edit their name.');
      }
      const names = {
        firstName: required(request.body.firstName, 'firstName'),
        lastName: required(request.body.lastName, 'lastName'),
      };
      await app.db.transaction().execute(async (trx) => {
        await updateUserNames(trx, user.userId, names);
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'user.update-self',
          entityType: 'user',
          entityId: user.userId,
          before: { firstName: user.firstName, lastName: user.lastName },
          after: names,
        });
      });
      return userView({ ...user, ...names });
    },
  );
};

export default userRoutes;
