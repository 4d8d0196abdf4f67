import { randomBytes } from 'node:crypto';
import {
  type Database,
  findInvitation,
  findTenant,
  lockInvitation,
  recordInvitationToken,
  sha256Hex,
} from '@portal/db';
import { invitationStatus, tenantDisplayName } from '@portal/domain';
import { isInvitationAddress } from '@portal/domain/saas-users/invitation-address';
import { invitationEmail, invitationSubject } from '@portal/domain/saas-users/invitation-email';
import { invitationAcceptLink } from '@portal/domain/saas-users/invitation-link';
import type { Kysely } from 'kysely';
import { type Mailer, type SendOutcome, sendMailOnce } from '../mail/send-mail.js';
import { defineHandler, type JobHandler } from '../registry.js';

export type InvitationMailOutcome = SendOutcome | 'not-pending' | 'refused-address';

type Deps = { db: Kysely<Database>; mailer: Mailer; publicUrl: string; now: () => Date };

/**
 * Sends an invitation's e-mail at most once (sendMailOnce, by the job's id). The link's token is
 * drawn as the message is written, once the delivery is claimed, and only its hash is kept, in the
 * transaction that finds the invitation still pending: the token exists in the message sent and
 * nowhere else. A send that failed is retried with a new token, so the link that went out is the
 * one that works; if a send did go out but could not be recorded (sendMailOnce's rare case), the
 * second e-mail's link replaces the first's.
 */
export async function sendInvitationMail(
  deps: Deps,
  input: { invitationId: string; jobId: string },
): Promise<InvitationMailOutcome> {
  const invitation = await findInvitation(deps.db, input.invitationId);
  if (!invitation || invitationStatus(invitation, deps.now()) !== 'pending') return 'not-pending';
  // Stored before addresses were read as the mailer reads them: never sent to what it might read.
  if (!isInvitationAddress(invitation.emailAddress)) return 'refused-address';
  const tenant = await findTenant(deps.db, invitation.tenantId);
  const names = {
    inviterName: invitation.inviterName,
    tenantName: tenantDisplayName(tenant?.displayName ?? invitation.tenantId),
  };
  const to = [invitation.emailAddress];
  return sendMailOnce(deps.db, deps.mailer, input.jobId, {
    to,
    subject: invitationSubject(names),
    write: () =>
      deps.db.transaction().execute(async (trx) => {
        const current = await lockInvitation(trx, input.invitationId);
        if (!current || invitationStatus(current, deps.now()) !== 'pending') return undefined;
        const token = randomBytes(32).toString('base64url');
        await recordInvitationToken(trx, current.invitationId, sha256Hex(token));
        const email = invitationEmail({
          ...names,
          link: invitationAcceptLink(deps.publicUrl, token),
          expiresAt: current.expiresAt,
        });
        return { to, subject: email.subject, text: email.text };
      }),
  });
}

export function sendInvitationMailHandler(deps: Deps): JobHandler<'mail.invitation'> {
  return defineHandler('mail.invitation', async ({ invitationId }, { jobId, logger }) => {
    const outcome = await sendInvitationMail(deps, { invitationId, jobId });
    logger.info({ invitationId, outcome }, 'invitation mail');
  });
}
