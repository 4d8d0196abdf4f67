import { type Static, Type } from 'typebox';

// The replies of SPEC.md §7 "Authentication and user": where the login page sends a user, and
// where to go after signing out.

/** GET /api/login/redirect and GET /api/logout: the address to go to next. */
export const Uri = Type.Object({ uri: Type.String() });
export type Uri = Static<typeof Uri>;
