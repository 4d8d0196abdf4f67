import {
  type Database,
  listAllTenantMembers,
  listPendingInvitations,
  listRoles,
  listTenantMembers,
  listTenants,
  memberTenantIds,
} from '@portal/db';
import {
  mayGrantRole,
  offeredExternalRoles,
  rolesOfTenants,
  type TenantRole,
  thoughtSpotConsumerRole,
} from '@portal/domain';
import type { InvitationsReply, SaasRole, SaasUsersReply, Tenant } from '@portal/domain/api/tenants';
import type { Kysely } from 'kysely';
import { invitationView } from './invitation-view.js';
import { grantorRankIn, requireManagedTenant, type TenantActor } from './tenant-scope.js';

/** The tenants the caller manages (every tenant for an internal admin), with their display names. */
export async function listManagedTenants(db: Kysely<Database>, actor: TenantActor): Promise<Tenant[]> {
  const tenants = await listTenants(db, actor.isInternalAdmin ? 'all' : await memberTenantIds(db, actor));
  return tenants.map((t) => ({
    tenantId: t.tenantId,
    displayName: t.displayName,
    branding: { logoUrl: t.logoUrl },
  }));
}

/**
 * With a tenant: the external roles offered for it that the caller may grant (none ranked above
 * their own highest role there; internal admins any), by rank, then the ThoughtSpot consumer role.
 * The forms offer only these; the write routes still check the same rule. Without: every role for
 * an internal admin; a tenant administrator gets those of the tenants they are a member of
 * (rolesOfTenants): no _ONLY_ role and no data role of another tenant.
 */
export async function offeredRoles(
  db: Kysely<Database>,
  actor: TenantActor,
  tenantId: string | undefined,
): Promise<SaasRole[]> {
  const roles = await listRoles(db);
  if (tenantId === undefined) {
    if (actor.isInternalAdmin) return roles;
    return rolesOfTenants(roles, await memberTenantIds(db, actor));
  }
  await requireManagedTenant(db, actor, tenantId);
  const consumer = thoughtSpotConsumerRole(roles);
  const grantorRank = await grantorRankIn(db, actor, tenantId);
  const offered: TenantRole[] = offeredExternalRoles(roles, tenantId).filter((role) =>
    mayGrantRole(grantorRank, role),
  );
  return consumer ? [...offered, consumer] : offered;
}

/** One page of a tenant's users with their count, for a caller who manages the tenant. */
export async function tenantUsersPage(
  db: Kysely<Database>,
  actor: TenantActor,
  tenantId: string,
  paging: { page: number; limit: number },
): Promise<SaasUsersReply> {
  await requireManagedTenant(db, actor, tenantId);
  const list = await listTenantMembers(db, tenantId, {
    limit: paging.limit,
    offset: (paging.page - 1) * paging.limit,
  });
  return { ...list, ...paging };
}

/** Every user of the tenant (the CSV download). */
export async function allTenantUsers(db: Kysely<Database>, actor: TenantActor, tenantId: string) {
  await requireManagedTenant(db, actor, tenantId);
  return listAllTenantMembers(db, tenantId);
}

/** One page of the tenant's pending invitations; expired ones are left out. */
export async function tenantInvitationsPage(
  deps: { db: Kysely<Database>; now: Date; publicUrl: string },
  actor: TenantActor,
  tenantId: string,
  paging: { page: number; limit: number },
): Promise<InvitationsReply> {
  await requireManagedTenant(deps.db, actor, tenantId);
  const list = await listPendingInvitations(deps.db, tenantId, {
    limit: paging.limit,
    offset: (paging.page - 1) * paging.limit,
    now: deps.now,
  });
  const invitations = list.invitations.map((i) => invitationView(i, deps.publicUrl));
  return { invitations, hasNext: list.hasNext, ...paging };
}
