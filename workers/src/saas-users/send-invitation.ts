import { type Database, lockInvitation, markInvitationMailed } from '@portal/db';
import { invitationStatus } from '@portal/domain';
import { enqueue } from '@portal/queue';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

/** The mail job of one invitation: the same id however often the invitation job runs. */
export const invitationMailJobId = (invitationId: string) => `invitation-mail-${invitationId}`;

export type InvitationQueueOutcome = 'queued' | 'already-mailed' | 'not-pending';

/**
 * In one transaction with the invitation locked: hand its e-mail to the mail queue
 * (mail.invitation, which writes the message and draws its link's token as it sends). A retry
 * finds mailed_at set and does nothing, so one invitation is one e-mail; the mail job itself
 * sends at most once (mail_deliveries).
 */
export async function queueInvitationMail(
  db: Kysely<Database>,
  input: { invitationId: string; now: () => Date },
): Promise<InvitationQueueOutcome> {
  return db.transaction().execute(async (trx) => {
    const invitation = await lockInvitation(trx, input.invitationId);
    if (!invitation || invitationStatus(invitation, input.now()) !== 'pending') return 'not-pending';
    if (invitation.mailedAt) return 'already-mailed';
    await markInvitationMailed(trx, invitation.invitationId, input.now());
    await enqueue(trx, {
      name: 'mail.invitation',
      payload: { invitationId: invitation.invitationId },
      jobId: invitationMailJobId(invitation.invitationId),
    });
    return 'queued';
  });
}

export function sendInvitationHandler(deps: {
  db: Kysely<Database>;
  now: () => Date;
}): JobHandler<'invitations.send'> {
  return defineHandler('invitations.send', async ({ invitationId }, { logger }) => {
    const outcome = await queueInvitationMail(deps.db, { invitationId, now: deps.now });
    logger.info({ invitationId, outcome }, 'invitation mail');
  });
}
