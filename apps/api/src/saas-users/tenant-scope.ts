import { type Db, findTenantMemberByEmail, memberTenantIds } from '@portal/db';
import { canManageTenant, highestRank, type Principal } from '@portal/domain';
import { notFound } from '../lib/http/errors.js';

// Tenant isolation: every SaaS call names a tenant, and the caller must manage it. A tenant the
// caller may not manage answers 404 like one that does not exist, so ids of other tenants leak
// nothing.

export type TenantActor = Principal & { userId: string; email: string };

export const TENANT_NOT_FOUND = 'Tenant not found.';

export async function managesTenant(db: Db, actor: TenantActor, tenantId: string): Promise<boolean> {
  const memberOf = actor.isInternalAdmin ? [] : await memberTenantIds(db, actor);
  return canManageTenant(actor, tenantId, memberOf);
}

export async function requireManagedTenant(db: Db, actor: TenantActor, tenantId: string): Promise<void> {
  if (!(await managesTenant(db, actor, tenantId))) throw notFound(TENANT_NOT_FOUND);
}

/** The highest external rank the actor holds in the tenant; undefined for internal admins (any). */
export async function grantorRankIn(db: Db, actor: TenantActor, tenantId: string) {
  if (actor.isInternalAdmin) return undefined;
  const self = await findTenantMemberByEmail(db, tenantId, actor.email || actor.userId);
  return highestRank(self?.roles ?? []);
}
