import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Invitations are mailed by the invitations worker: it draws the single-use token when it writes
// the e-mail (only the hash is kept), so token_hash is empty until then and mailed_at says it is
// done (a retried job finds it set and sends nothing). A sign-in started from an invitation link
// remembers the invitation, to accept it when the identity comes back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table invitations alter column token_hash drop not null;
    alter table invitations add column mailed_at timestamptz;
    alter table invitations add column accepted_by_user_id text;
    create index invitations_pending_email on invitations (tenant_id, lower(email_address))
      where accepted_at is null and deleted_at is null;
    alter table pending_logins add column invitation_id uuid;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table pending_logins drop column invitation_id;
    drop index invitations_pending_email;
    alter table invitations drop column accepted_by_user_id;
    alter table invitations drop column mailed_at;
    alter table invitations alter column token_hash set not null;
  `,
  );
}
