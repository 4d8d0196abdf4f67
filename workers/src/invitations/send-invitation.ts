import { randomBytes } from 'node:crypto';
import { type Database, findTenant, lockInvitation, markInvitationMailed, sha256Hex } from '@portal/db';
import { invitationStatus, tenantDisplayName } from '@portal/domain';
import { invitationEmail } from '@portal/domain/invitation-email';
import { enqueue } from '@portal/queue';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

/** The mail job of one invitation: the same id however often the invitation job runs. */
export const invitationMailJobId = (invitationId: string) => `invitation-mail-${invitationId}`;

/** The address the e-mail's link opens: the API starts the sign-in that accepts the invitation. */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/api/saas/invitations/accept?token=${token}`;

export type InvitationMailOutcome = 'queued' | 'already-mailed' | 'not-pending';

/**
 * In one transaction with the invitation locked: draw the single-use token, keep its hash, and
 * put the e-mail on the mail queue. A retry finds mailed_at set and does nothing, so one
 * invitation is one e-mail; the mail job itself sends at most once (mail_deliveries).
 */
export async function mailInvitation(
  db: Kysely<Database>,
  input: { invitationId: string; publicUrl: string; now: () => Date },
): Promise<InvitationMailOutcome> {
  return db.transaction().execute(async (trx) => {
    const invitation = await lockInvitation(trx, input.invitationId);
    if (!invitation || invitationStatus(invitation, input.now()) !== 'pending') return 'not-pending';
    if (invitation.mailedAt) return 'already-mailed';
    const tenant = await findTenant(trx, invitation.tenantId);
    const token = randomBytes(32).toString('base64url');
    const email = invitationEmail({
      inviterName: invitation.inviterName,
      tenantName: tenantDisplayName(tenant?.displayName ?? invitation.tenantId),
      link: invitationLink(input.publicUrl, token),
      expiresAt: invitation.expiresAt,
    });
    await markInvitationMailed(trx, invitation.invitationId, sha256Hex(token), input.now());
    await enqueue(trx, {
      name: 'mail.send',
      payload: { to: [invitation.emailAddress], subject: email.subject, text: email.text },
      jobId: invitationMailJobId(invitation.invitationId),
    });
    return 'queued';
  });
}

export function sendInvitationHandler(deps: {
  db: Kysely<Database>;
  publicUrl: string;
  now: () => Date;
}): JobHandler<'invitations.send'> {
  return defineHandler('invitations.send', async ({ invitationId }, { logger }) => {
    const outcome = await mailInvitation(deps.db, { invitationId, ...deps });
    logger.info({ invitationId, outcome }, 'invitation mail');
  });
}
