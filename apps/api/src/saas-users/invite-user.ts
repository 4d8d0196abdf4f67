import {
  type Database,
  findTenantMemberByEmail,
  hasPendingInvitation,
  insertInvitation,
  listRoles,
  lockTenant,
  writeAudit,
} from '@portal/db';
import { chooseRoles, invitationExpiry, inviterNameOf, MESSAGES, ROLE_CHOICE_MESSAGES } from '@portal/domain';
import type { SaasInvitation } from '@portal/domain/api/tenants';
import { isInvitationAddress } from '@portal/domain/saas-users/invitation-address';
import { enqueue } from '@portal/queue';
import type { Kysely } from 'kysely';
import { badRequest, conflict, forbidden, notFound } from '../lib/http/errors.js';
import { invitationView } from './invitation-view.js';
import { grantorRankIn, requireManagedTenant, TENANT_NOT_FOUND, type TenantActor } from './tenant-scope.js';

export const ALREADY_MEMBER = 'This email address already belongs to a user of this tenant.';
export const ALREADY_INVITED = 'An invitation is already pending for this email address.';

export type InviteUserInput = {
  /** The signed-in user, as their own record says: the e-mail names them as the inviter. */
  actor: TenantActor & { firstName: string; lastName: string };
  tenantId: string;
  emailAddress: string;
  userRoleIds: readonly string[];
  isThoughtSpotUser: boolean;
};

/**
 * Invites a person to a tenant: the invitation, its audit entry and the job that mails it commit
 * together. A member or a pending invitation of the same address is refused, not invited twice.
 */
export async function inviteUser(
  deps: { db: Kysely<Database>; now: () => Date; expiryDays: number; publicUrl: string },
  input: InviteUserInput,
): Promise<SaasInvitation> {
  const emailAddress = input.emailAddress.trim();
  // The address as the mailer will read it (issue 23), so what is stored is where the e-mail goes.
  if (!isInvitationAddress(emailAddress)) throw badRequest(MESSAGES.inviteInvalid, { field: 'emailAddress' });
  if (input.userRoleIds.length === 0) throw badRequest(MESSAGES.inviteInvalid);
  await requireManagedTenant(deps.db, input.actor, input.tenantId);
  const invitation = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockTenant(trx, input.tenantId))) throw notFound(TENANT_NOT_FOUND);
    const choice = chooseRoles({
      roles: await listRoles(trx),
      tenantId: input.tenantId,
      requestedRoleIds: input.userRoleIds,
      isThoughtSpotUser: input.isThoughtSpotUser,
      grantorRank: await grantorRankIn(trx, input.actor, input.tenantId),
    });
    if (!choice.ok) {
      // The invite form's wording covers a missing or doubled role (SPEC.md §5).
      const message =
        choice.reason === 'select-one-role' ? MESSAGES.inviteInvalid : ROLE_CHOICE_MESSAGES[choice.reason];
      throw choice.reason === 'escalation' ? forbidden(message) : badRequest(message);
    }
    if (await findTenantMemberByEmail(trx, input.tenantId, emailAddress)) throw conflict(ALREADY_MEMBER);
    const now = deps.now();
    if (await hasPendingInvitation(trx, input.tenantId, emailAddress, now)) throw conflict(ALREADY_INVITED);
    const created = await insertInvitation(trx, {
      tenantId: input.tenantId,
      emailAddress,
      userRoleIds: choice.roleIds,
      isThoughtSpotUser: input.isThoughtSpotUser,
      inviterName: inviterNameOf(input.actor),
      createdAt: now,
      expiresAt: invitationExpiry(now, deps.expiryDays),
    });
    await enqueue(trx, { name: 'invitations.send', payload: { invitationId: created.invitationId } });
    await writeAudit(trx, {
      actorUserId: input.actor.userId,
      action: 'invitation.create',
      entityType: 'invitation',
      entityId: created.invitationId,
      after: { tenantId: created.tenantId, emailAddress, userRoleIds: created.userRoleIds },
    });
    return created;
  });
  return invitationView(invitation, deps.publicUrl);
}
