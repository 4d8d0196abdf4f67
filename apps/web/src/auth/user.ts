import type { PartnerGrant, Principal } from '@portal/domain';

/** The reply of GET /api/user (SPEC.md §3 "User"). */
export type PortalUser = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  commonId: string | null;
  isExternalUser: boolean | null;
  isInternalAdmin: boolean;
  isServiceAccount: boolean;
  features: string[];
  partners: { partnerAccess: PartnerGrant[] };
};

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
