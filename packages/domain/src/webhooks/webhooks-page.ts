import { canAccessPartner, type Principal } from '../access/permissions.js';
import { mayManageForPartners, type PartnerKey } from '../admin/admin-scope.js';
import { mayManageEndpoint } from './webhook-scope.js';

/**
 * What the Webhooks page offers: the endpoints the principal manages; the enabled service accounts
 * whose partners are all theirs, none without a partner (those are internal admins' to give an
 * endpoint); the partners they may access, for a new endpoint to name.
 */
export function webhooksPageScope<
  E extends { partners: readonly PartnerKey[] },
  A extends { partnerGrants: readonly PartnerKey[]; disabledAt: Date | string | null },
  P extends PartnerKey,
>(
  principal: Principal,
  offered: { endpoints: readonly E[]; serviceAccounts: readonly A[]; partners: readonly P[] },
): { endpoints: E[]; serviceAccounts: A[]; partners: P[] } {
  return {
    endpoints: offered.endpoints.filter((e) => mayManageEndpoint(principal, e)),
    serviceAccounts: offered.serviceAccounts.filter(
      (a) => a.disabledAt === null && mayManageForPartners(principal, a.partnerGrants),
    ),
    partners: offered.partners.filter((p) => canAccessPartner(principal, p.accessTypeCode, p.partnerCode)),
  };
}

/**
 * The address an attempt's host resolved to when it was refused: only an internal admin's to read,
 * since a manager could otherwise map the portal's network by registering names that resolve into it.
 */
export function refusedAddressView(
  principal: Principal,
  refusedAddress: string | null,
): { refusedAddress?: string } {
  return principal.isInternalAdmin && refusedAddress !== null ? { refusedAddress } : {};
}
