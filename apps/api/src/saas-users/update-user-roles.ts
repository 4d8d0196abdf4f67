import {
  type Database,
  findTenantMember,
  listRoles,
  lockTenant,
  setMemberRoles,
  type TenantMember,
  writeAudit,
} from '@portal/db';
import {
  chooseRoles,
  decodeBase64Email,
  isSameEmail,
  mayManageMember,
  OUTRANKED_MESSAGES,
  ROLE_CHOICE_MESSAGES,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import { badRequest, forbidden, notFound } from '../lib/http/errors.js';
import { grantorRankIn, requireManagedTenant, TENANT_NOT_FOUND, type TenantActor } from './tenant-scope.js';

export const USER_NOT_FOUND = 'User not found.';
export const EMAIL_MISMATCH = 'The email address does not match this user.';

/** The member named by the path, whose base64 email must be theirs; else 404 / 400. */
export async function requireMember(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  emailEncoded: string,
): Promise<TenantMember> {
  const member = await findTenantMember(db, tenantId, userId);
  if (!member) throw notFound(USER_NOT_FOUND);
  const email = decodeBase64Email(emailEncoded);
  if (!email || !isSameEmail(email, member.emailAddress)) throw badRequest(EMAIL_MISMATCH);
  return member;
}

/**
 * Replaces a tenant user's roles: one external role, the tenant's data role, and the ThoughtSpot
 * consumer role only when the box is ticked. Audited in the same transaction.
 */
export async function updateUserRoles(
  deps: { db: Kysely<Database> },
  input: {
    actor: TenantActor;
    tenantId: string;
    userId: string;
    emailEncoded: string;
    roleIds: readonly string[];
    isThoughtSpotUser: boolean;
  },
): Promise<TenantMember> {
  await requireManagedTenant(deps.db, input.actor, input.tenantId);
  const before = await requireMember(deps.db, input.tenantId, input.userId, input.emailEncoded);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockTenant(trx, input.tenantId))) throw notFound(TENANT_NOT_FOUND);
    const grantorRank = await grantorRankIn(trx, input.actor, input.tenantId);
    if (!mayManageMember(grantorRank, before.roles)) throw forbidden(OUTRANKED_MESSAGES.updateRoles);
    const choice = chooseRoles({
      roles: await listRoles(trx),
      tenantId: input.tenantId,
      requestedRoleIds: input.roleIds,
      isThoughtSpotUser: input.isThoughtSpotUser,
      grantorRank,
    });
    if (!choice.ok) {
      const message = ROLE_CHOICE_MESSAGES[choice.reason];
      throw choice.reason === 'escalation' ? forbidden(message) : badRequest(message);
    }
    await setMemberRoles(trx, before, choice.roleIds);
    await writeAudit(trx, {
      actorUserId: input.actor.userId,
      action: 'tenant-user.roles',
      entityType: 'tenant-user',
      entityId: `${input.tenantId}/${input.userId}`,
      before: before.roles.map((r) => r.roleId),
      after: choice.roleIds,
    });
    const after = await findTenantMember(trx, input.tenantId, input.userId);
    if (!after) throw notFound(USER_NOT_FOUND);
    return after;
  });
}
