import { type Static, Type } from 'typebox';
import { Nullable, PageReply } from './common.js';

// The replies of the user administration (SPEC.md §7 users, /api/users and /api/external-users).

export const PartnerAccess = Type.Object({
  accessTypeCode: Type.String({ minLength: 1, maxLength: 20 }),
  partnerCode: Type.String({ minLength: 1, maxLength: 100 }),
});

export const AdminUser = Type.Object({
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  commonId: Nullable(Type.String()),
  isExternalUser: Type.Boolean(),
  isInternalAdmin: Type.Boolean(),
  features: Type.Array(Type.String()),
  partners: Type.Object({ partnerAccess: Type.Array(PartnerAccess) }),
});
export type AdminUser = Static<typeof AdminUser>;

export const UserListReply = Type.Object({ users: Type.Array(AdminUser), ...PageReply });
export type UserListReply = Static<typeof UserListReply>;

/** GET /api/external-users/download: the CSV of §9. */
export const ExternalUsersCsv = Type.String();
export type ExternalUsersCsv = Static<typeof ExternalUsersCsv>;
