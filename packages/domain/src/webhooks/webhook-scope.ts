import type { Principal } from '../access/permissions.js';
import { mayManageForPartners, type PartnerKey } from '../admin/admin-scope.js';

// The partner scope of webhooks: an internal admin manages every endpoint; a manager only those
// whose partners are all among their own (an endpoint shared with a partner they do not hold tells
// that partner's reports to its receiver, so it is not theirs to change). An endpoint with no
// partner left (its last one deleted) is no manager's: internal admins only.

export function mayManageEndpoint(
  principal: Principal,
  endpoint: { partners: readonly PartnerKey[] },
): boolean {
  return mayManageForPartners(principal, endpoint.partners);
}

/** An endpoint id a client sent: 404 when it is not there, 403 when it is not theirs. */
export function endpointDecision(
  principal: Principal,
  endpoint: { partners: readonly PartnerKey[] } | undefined,
): 'allow' | 'not-found' | 'forbidden' {
  if (endpoint === undefined) return 'not-found';
  return mayManageEndpoint(principal, endpoint) ? 'allow' : 'forbidden';
}
