import type { Principal } from '../access/permissions.js';
import { highestRank, type TenantRole } from './tenant-roles.js';

// Tenant isolation: every SaaS call names a tenant, and the caller must manage it
// (canManageTenant). A tenant the caller may not manage answers 404 like one that does not exist,
// so ids of other tenants leak nothing.

export const TENANT_NOT_FOUND = 'Tenant not found.';

/** Whether the tenants the caller belongs to must be read: not for an internal admin. */
export function tenantScopeReadsMembership(principal: Principal): boolean {
  return !principal.isInternalAdmin;
}

/** The name the caller is a member of a tenant under: the e-mail, or the user id without one. */
export function tenantMemberName(actor: { email: string; userId: string }): string {
  return actor.email || actor.userId;
}

/**
 * The highest external rank the caller holds in the tenant (`roles`: theirs there, undefined when
 * not a member: rank 0); undefined for internal admins, who may grant any role.
 */
export function grantorRankOf(
  principal: Principal,
  roles: readonly TenantRole[] | undefined,
): number | undefined {
  if (principal.isInternalAdmin) return undefined;
  return highestRank(roles ?? []);
}
