import { type Db, findTenantMemberByEmail, memberTenantIds } from '@portal/db';
import { canManageTenant, type Principal } from '@portal/domain';
import {
  grantorRankOf,
  TENANT_NOT_FOUND,
  tenantMemberName,
  tenantScopeReadsMembership,
} from '@portal/domain/saas-users/tenant-scope';
import { notFound } from '../lib/http/errors.js';

// Tenant isolation: the rules in tenant-scope.ts (and canManageTenant) of the domain.
export { TENANT_NOT_FOUND };

export type TenantActor = Principal & { userId: string; email: string };

export async function managesTenant(db: Db, actor: TenantActor, tenantId: string): Promise<boolean> {
  const memberOf = tenantScopeReadsMembership(actor) ? await memberTenantIds(db, actor) : [];
  return canManageTenant(actor, tenantId, memberOf);
}

export async function requireManagedTenant(db: Db, actor: TenantActor, tenantId: string): Promise<void> {
  if (!(await managesTenant(db, actor, tenantId))) throw notFound(TENANT_NOT_FOUND);
}

/** The highest external rank the actor holds in the tenant; undefined for internal admins (any). */
export async function grantorRankIn(db: Db, actor: TenantActor, tenantId: string) {
  const self = tenantScopeReadsMembership(actor)
    ? await findTenantMemberByEmail(db, tenantId, tenantMemberName(actor))
    : undefined;
  return grantorRankOf(actor, self?.roles);
}
