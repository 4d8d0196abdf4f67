import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Invitation e-mails were queued composed (mail.send), so the outbox kept each link's token for
// good (issue 23). They become what the invitations worker now queues: a mail.invitation job naming
// the invitation, whose worker writes the message and draws its token as it sends. A row already
// published loses its token and nothing else (its link keeps working: the stored hash is
// unchanged); one not yet published sends with a new token, whose hash replaces the old.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    update outbox
       set job_name = 'mail.invitation',
           payload = jsonb_build_object('invitationId', substr(job_id, 17))
     where job_name = 'mail.send'
       and job_id like 'invitation-mail-%'
       and substr(job_id, 17) ~ '^[0-9a-fA-F-]{36}$';
  `,
  );
}

// The tokens are gone for good; nothing to put back.
export async function down(): Promise<void> {}
