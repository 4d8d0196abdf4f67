import { FEATURES } from '@portal/domain';
import type { AuthenticatedUser } from './principal.js';

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
