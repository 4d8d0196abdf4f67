import {
  addTenantMember,
  type Database,
  ensureInvitedUser,
  findTenantMemberByEmail,
  listRoles,
  lockInvitation,
  markInvitationAccepted,
  setMemberRoles,
  writeAudit,
} from '@portal/db';
import { type InvitationOutcome, invitationStatus, isSameEmail } from '@portal/domain';
import type { Kysely } from 'kysely';

export type AcceptanceResult =
  | { outcome: 'accepted'; userId: string; tenantId: string; email: string; isThoughtSpotUser: boolean }
  | { outcome: Exclude<InvitationOutcome, 'invalid'> | 'invalid' };

/**
 * Accepts an invitation for the identity that just signed in: only a pending invitation, and only
 * when the identity's verified e-mail is the invited address (case-insensitively). The person
 * becomes a member of the tenant with the invited roles and the invitation is consumed, in one
 * transaction; any refusal changes nothing.
 */
export async function acceptInvitation(
  deps: { db: Kysely<Database>; now: () => Date },
  identity: {
    invitationId: string;
    email: string | undefined;
    emailVerified: boolean;
    firstName: string;
    lastName: string;
  },
): Promise<AcceptanceResult> {
  return deps.db.transaction().execute(async (trx) => {
    const invitation = await lockInvitation(trx, identity.invitationId);
    if (!invitation) return { outcome: 'invalid' as const };
    const now = deps.now();
    const status = invitationStatus(invitation, now);
    if (status !== 'pending') return { outcome: status };
    if (!identity.email || !identity.emailVerified || !isSameEmail(identity.email, invitation.emailAddress)) {
      return { outcome: 'mismatched' as const };
    }
    const { userId, created } = await ensureInvitedUser(trx, {
      email: invitation.emailAddress,
      firstName: identity.firstName,
      lastName: identity.lastName,
    });
    // Roles deleted since the invitation was sent are skipped rather than failing the acceptance.
    const known = new Set((await listRoles(trx)).map((r) => r.roleId));
    const roleIds = invitation.userRoleIds.filter((id) => known.has(id));
    const member = await findTenantMemberByEmail(trx, invitation.tenantId, invitation.emailAddress);
    if (member) await setMemberRoles(trx, member, roleIds);
    else {
      await addTenantMember(
        trx,
        {
          tenantId: invitation.tenantId,
          userId,
          emailAddress: invitation.emailAddress,
          firstName: identity.firstName,
          lastName: identity.lastName,
        },
        roleIds,
      );
    }
    await markInvitationAccepted(trx, invitation.invitationId, userId, now);
    await writeAudit(trx, {
      actorUserId: userId,
      action: 'invitation.accept',
      entityType: 'invitation',
      entityId: invitation.invitationId,
      after: { tenantId: invitation.tenantId, userId, roleIds, userCreated: created },
    });
    return {
      outcome: 'accepted' as const,
      userId,
      tenantId: invitation.tenantId,
      email: invitation.emailAddress,
      isThoughtSpotUser: invitation.isThoughtSpotUser,
    };
  });
}
