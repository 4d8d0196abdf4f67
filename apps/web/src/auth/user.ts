import type { Principal } from '@portal/domain';
import type { PortalUser } from '@portal/domain/api/user';

/** The reply of GET /api/user (SPEC.md §3 "User"), typed by its schema. */
export type { PortalUser };

export function toPrincipal(user: PortalUser): Principal {
  return {
    isInternalAdmin: user.isInternalAdmin,
    isExternalUser: user.isExternalUser,
    features: user.features,
    partnerGrants: user.partners?.partnerAccess ?? [],
  };
}

export function displayName(user: Pick<PortalUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function initials(user: Pick<PortalUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}
