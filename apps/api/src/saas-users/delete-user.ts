import {
  belongsAnywhere,
  type Database,
  deleteSessionsOfUser,
  deleteTenantMember,
  lockTenant,
  writeAudit,
} from '@portal/db';
import { mayManageMember, OUTRANKED_MESSAGES } from '@portal/domain';
import type { Kysely } from 'kysely';
import { forbidden, notFound } from '../lib/http/errors.js';
import { grantorRankIn, requireManagedTenant, TENANT_NOT_FOUND, type TenantActor } from './tenant-scope.js';
import { requireMember, USER_NOT_FOUND } from './update-user-roles.js';

/**
 * Removes a user from one tenant (membership and roles of that tenant only). A person who then
 * belongs to no tenant and no partner has their sessions ended.
 */
export async function deleteUser(
  deps: { db: Kysely<Database> },
  input: { actor: TenantActor; tenantId: string; userId: string; emailEncoded: string },
): Promise<void> {
  await requireManagedTenant(deps.db, input.actor, input.tenantId);
  const member = await requireMember(deps.db, input.tenantId, input.userId, input.emailEncoded);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockTenant(trx, input.tenantId))) throw notFound(TENANT_NOT_FOUND);
    if (!mayManageMember(await grantorRankIn(trx, input.actor, input.tenantId), member.roles)) {
      throw forbidden(OUTRANKED_MESSAGES.deleteUser);
    }
    if (!(await deleteTenantMember(trx, input.tenantId, input.userId))) throw notFound(USER_NOT_FOUND);
    if (!(await belongsAnywhere(trx, input.userId))) await deleteSessionsOfUser(trx, input.userId);
    await writeAudit(trx, {
      actorUserId: input.actor.userId,
      action: 'tenant-user.delete',
      entityType: 'tenant-user',
      entityId: `${input.tenantId}/${input.userId}`,
      before: { emailAddress: member.emailAddress, roleIds: member.roles.map((r) => r.roleId) },
    });
  });
}
