import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// GET /api/user and PUT /api/user (SPEC.md §3 "User"): the signed-in user, read by the SPA at start.

export const PortalUser = Type.Object({
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  commonId: Nullable(Type.String()),
  isExternalUser: Nullable(Type.Boolean()),
  isInternalAdmin: Type.Boolean(),
  isServiceAccount: Type.Boolean(),
  features: Type.Array(Type.String()),
  partners: Type.Object({
    partnerAccess: Type.Array(Type.Object({ accessTypeCode: Type.String(), partnerCode: Type.String() })),
  }),
});
export type PortalUser = Static<typeof PortalUser>;

/**
 * GET /api/user/authenticated: OK when signed in, with the signed-in user (what GET /api/user
 * answers), so that a page knows who may read what in one round trip. SPEC.md §4: on OK the user is
 * loaded, otherwise the person goes to the login page; a signed-out browser gets UNAUTHENTICATED (a
 * 200, never a 401 its console would show).
 */
export const SignedInStatus = Type.Object({
  status: Type.Union([Type.Literal('OK'), Type.Literal('UNAUTHENTICATED')]),
  user: Type.Optional(PortalUser),
});
export type SignedInStatus = Static<typeof SignedInStatus>;
