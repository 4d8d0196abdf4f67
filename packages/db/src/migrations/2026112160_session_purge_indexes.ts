import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// The daily purge finds expired sessions and pending logins by these columns.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create index sessions_expires_at on sessions (expires_at);
    create index sessions_last_seen_at on sessions (last_seen_at);
    create index pending_logins_expires_at on pending_logins (expires_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop index pending_logins_expires_at;
    drop index sessions_last_seen_at;
    drop index sessions_expires_at;
  `,
  );
}
