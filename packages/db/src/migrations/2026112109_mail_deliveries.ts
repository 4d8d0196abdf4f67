import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// One row per mail.send job: claimed before the SMTP call, marked sent after, so a retried or
// replayed job never sends its message twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table mail_deliveries (
      job_id text primary key,
      message_id text not null,
      recipients text[] not null,
      subject text not null,
      status text not null check (status in ('sending', 'sent', 'failed')),
      attempts integer not null default 1,
      claimed_at timestamptz not null default now(),
      sent_at timestamptz,
      last_error text
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, 'drop table mail_deliveries;');
}
