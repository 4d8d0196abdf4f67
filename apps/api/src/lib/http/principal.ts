import type { UserWithAccess } from '@portal/db';
import type { Principal } from '@portal/domain';

/** The signed-in user (or service account) behind a request. */
export type AuthenticatedUser = Principal & {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  commonId: string | null;
  isServiceAccount: boolean;
  /** Present when the request came with a session cookie. */
  sessionHash: string | null;
  humanVerifiedAt: Date | null;
};

export function toAuthenticatedUser(
  user: UserWithAccess,
  session: { sessionHash: string; humanVerifiedAt: Date | null } | null,
): AuthenticatedUser {
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
    features: user.features,
    partnerGrants: user.partnerGrants,
    sessionHash: session?.sessionHash ?? null,
    humanVerifiedAt: session?.humanVerifiedAt ?? null,
  };
}
