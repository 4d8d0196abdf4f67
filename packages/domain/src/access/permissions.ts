import type { Feature } from './features.js';

export const ALL_PARTNERS = 'ALL';
export const INTERNAL_ACCESS_TYPE = 'INT';

export type PartnerGrant = { accessTypeCode: string; partnerCode: string };

/** What the permission rules need to know about a signed-in user or service account. */
export type Principal = {
  isInternalAdmin: boolean;
  /** true, false, or unknown (null): unknown is treated as external where it matters. */
  isExternalUser: boolean | null;
  features: readonly string[];
  partnerGrants: readonly PartnerGrant[];
};

export type Requirement = {
  feature: Feature;
  accessTypeCode?: string | undefined;
  partnerCode?: string | undefined;
};

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

export function hasFeature(principal: Principal, feature: Feature): boolean {
  if (principal.isInternalAdmin) return true;
  if (feature === 'NO_FEATURE_REQUIRED') return true;
  if (feature === 'UNKNOWN_FEATURE_REQUIRED') return false;
  return principal.features.includes(feature);
}

/** An external user never gets the INT access type; an internal admin gets every type. */
export function canUseAccessType(principal: Principal, accessTypeCode: string): boolean {
  if (principal.isInternalAdmin) return true;
  if (principal.isExternalUser !== false && same(accessTypeCode, INTERNAL_ACCESS_TYPE)) return false;
  return principal.partnerGrants.some((grant) => same(grant.accessTypeCode, accessTypeCode));
}

/** A partner is accessible if it is listed for the user, if the list holds ALL, or for an internal admin. */
export function canAccessPartner(principal: Principal, accessTypeCode: string, partnerCode: string): boolean {
  if (principal.isInternalAdmin) return true;
  if (!canUseAccessType(principal, accessTypeCode)) return false;
  return principal.partnerGrants.some(
    (grant) =>
      same(grant.accessTypeCode, accessTypeCode) &&
      (same(grant.partnerCode, ALL_PARTNERS) || same(grant.partnerCode, partnerCode)),
  );
}

/**
 * A partner code named without its access type (`/marketing/latest/:partnerCode`): accessible if
 * some access type the user may use lists it, or lists ALL; an internal admin reaches every code.
 */
export function canAccessPartnerUnderSomeType(principal: Principal, partnerCode: string): boolean {
  if (principal.isInternalAdmin) return true;
  return principal.partnerGrants.some((grant) =>
    canAccessPartner(principal, grant.accessTypeCode, partnerCode),
  );
}

/**
 * A page or call is allowed if the user is an internal admin, or it needs no feature, or the user
 * has the feature; where it names an access type or partner, the user must also have access to it
 * (a partner without its access type: under some access type the user may use).
 */
export function isAllowed(principal: Principal, requirement: Requirement): boolean {
  if (!hasFeature(principal, requirement.feature)) return false;
  const { accessTypeCode, partnerCode } = requirement;
  if (partnerCode !== undefined) {
    return accessTypeCode === undefined
      ? canAccessPartnerUnderSomeType(principal, partnerCode)
      : canAccessPartner(principal, accessTypeCode, partnerCode);
  }
  if (accessTypeCode !== undefined) return canUseAccessType(principal, accessTypeCode);
  return true;
}

/** A menu group shows if the user may open any of its children. */
export function isGroupVisible(principal: Principal, children: readonly Requirement[]): boolean {
  return children.some((child) => isAllowed(principal, child));
}

/** External users (isExternalUser true or unknown) pass human verification before a download. */
export function needsHumanVerification(principal: Pick<Principal, 'isExternalUser'>): boolean {
  return principal.isExternalUser !== false;
}
