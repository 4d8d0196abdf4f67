import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Human verification before an external user's download (SPEC.md §5). An ALTCHA solution is
// checked without state, so each one used is remembered here until it expires: the same
// solution presented twice is refused. Rows past expires_at are swept as new ones arrive.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table human_verification_uses (
      token_hash text primary key,
      expires_at timestamptz not null
    );
    create index human_verification_uses_expiry on human_verification_uses (expires_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `drop table human_verification_uses;`);
}
