import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// The replies of /api/admin/service-accounts and its token calls. A token's secret is in the
// reply that issues it only.

export const PartnerAccess = Type.Object({
  accessTypeCode: Type.String({ minLength: 1, maxLength: 20 }),
  partnerCode: Type.String({ minLength: 1, maxLength: 50 }),
});
export type PartnerAccess = Static<typeof PartnerAccess>;

const Timestamp = Type.String({ format: 'date-time' });

export const ServiceAccountToken = Type.Object({
  tokenId: Type.String(),
  name: Type.String(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  revokedAt: Nullable(Timestamp),
  lastUsedAt: Nullable(Timestamp),
});
export type ServiceAccountToken = Static<typeof ServiceAccountToken>;

export const ServiceAccount = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  features: Type.Array(Type.String()),
  partnerAccess: Type.Array(PartnerAccess),
  disabledAt: Nullable(Timestamp),
  createdAt: Timestamp,
  tokens: Type.Array(ServiceAccountToken),
});
export type ServiceAccount = Static<typeof ServiceAccount>;
export const ServiceAccounts = Type.Array(ServiceAccount);
export type ServiceAccounts = Static<typeof ServiceAccounts>;

export const IssuedToken = Type.Evaluate(
  Type.Intersect([ServiceAccountToken, Type.Object({ token: Type.String() })]),
);
export type IssuedToken = Static<typeof IssuedToken>;
