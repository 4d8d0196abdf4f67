import { type Database, lockInvitation, markInvitationDeleted, writeAudit } from '@portal/db';
import { decodeBase64Email, invitationStatus, isSameEmail } from '@portal/domain';
import type { Kysely } from 'kysely';
import { badRequest, notFound } from '../lib/http/errors.js';
import { requireManagedTenant, type TenantActor } from './tenant-scope.js';
import { EMAIL_MISMATCH } from './update-user-roles.js';

export const INVITATION_NOT_FOUND = 'Invitation not found.';

/** Withdraws a pending invitation: its link then says it was deleted. An id of another tenant is 404. */
export async function deleteInvitation(
  deps: { db: Kysely<Database>; now: () => Date },
  input: { actor: TenantActor; tenantId: string; invitationId: string; emailEncoded: string },
): Promise<void> {
  await requireManagedTenant(deps.db, input.actor, input.tenantId);
  await deps.db.transaction().execute(async (trx) => {
    const invitation = await lockInvitation(trx, input.invitationId);
    const now = deps.now();
    if (
      !invitation ||
      invitation.tenantId !== input.tenantId ||
      invitationStatus(invitation, now) !== 'pending'
    ) {
      throw notFound(INVITATION_NOT_FOUND);
    }
    const email = decodeBase64Email(input.emailEncoded);
    if (!email || !isSameEmail(email, invitation.emailAddress)) throw badRequest(EMAIL_MISMATCH);
    await markInvitationDeleted(trx, invitation.invitationId, now);
    await writeAudit(trx, {
      actorUserId: input.actor.userId,
      action: 'invitation.delete',
      entityType: 'invitation',
      entityId: invitation.invitationId,
      before: { tenantId: invitation.tenantId, emailAddress: invitation.emailAddress },
    });
  });
}
