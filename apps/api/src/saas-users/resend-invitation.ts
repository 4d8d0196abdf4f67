import { type Database, listRoles, lockInvitation, renewInvitation, writeAudit } from '@portal/db';
import {
  INVITATION_RESEND_REFUSALS,
  invitationExpiry,
  invitationStatus,
  mayManageMember,
  OUTRANKED_MESSAGES,
} from '@portal/domain';
import type { SaasInvitation } from '@portal/domain/api/tenants';
import { enqueue } from '@portal/queue';
import type { Kysely } from 'kysely';
import { conflict, forbidden, notFound } from '../lib/http/errors.js';
import { INVITATION_NOT_FOUND } from './delete-invitation.js';
import { invitationView } from './invitation-view.js';
import { grantorRankIn, requireManagedTenant, type TenantActor } from './tenant-scope.js';

/**
 * Resends a pending invitation (issue 24): its expiry starts again from now, the link already
 * mailed stops working at once, and a new e-mail with a new link goes out (the mail worker draws
 * its token as it sends). The renewal, its audit entry and the mail job commit together. An
 * invitation of another tenant is 404; one no longer pending is refused (409), as is one for a role
 * ranked above the administrator's own (resending grants it again).
 */
export async function resendInvitation(
  deps: { db: Kysely<Database>; now: () => Date; expiryDays: number; publicUrl: string },
  input: { actor: TenantActor; tenantId: string; invitationId: string },
): Promise<SaasInvitation> {
  await requireManagedTenant(deps.db, input.actor, input.tenantId);
  const renewed = await deps.db.transaction().execute(async (trx) => {
    const invitation = await lockInvitation(trx, input.invitationId);
    if (!invitation || invitation.tenantId !== input.tenantId) throw notFound(INVITATION_NOT_FOUND);
    const now = deps.now();
    const status = invitationStatus(invitation, now);
    if (status !== 'pending') throw conflict(INVITATION_RESEND_REFUSALS[status]);
    const invitedRoles = (await listRoles(trx)).filter((role) =>
      invitation.userRoleIds.includes(role.roleId),
    );
    if (!mayManageMember(await grantorRankIn(trx, input.actor, input.tenantId), invitedRoles)) {
      throw forbidden(OUTRANKED_MESSAGES.resendInvitation);
    }
    const after = await renewInvitation(trx, invitation.invitationId, {
      expiresAt: invitationExpiry(now, deps.expiryDays),
      mailedAt: now,
    });
    // Straight to the mail queue with a job id of its own (the outbox row's): the mail worker sends
    // once per job id, and the first e-mail's (invitations.send) is one per invitation.
    await enqueue(trx, { name: 'mail.invitation', payload: { invitationId: invitation.invitationId } });
    await writeAudit(trx, {
      actorUserId: input.actor.userId,
      action: 'invitation.resend',
      entityType: 'invitation',
      entityId: invitation.invitationId,
      before: { expiresAt: invitation.expiresAt.toISOString() },
      after: { expiresAt: after.expiresAt.toISOString() },
    });
    return after;
  });
  return invitationView(renewed, deps.publicUrl);
}
