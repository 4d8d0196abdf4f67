import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// A database's identity, so that a queue prefix in Redis is claimed by one database only: two
// portals on one Redis and one QUEUE_PREFIX would take each other's jobs and complete them as
// skipped. The one row is written at the first claim (databaseIdentity), not here: a database
// cloned from a migrated template (the tests') must not share its identity with the template's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table database_identity (
      singleton boolean primary key default true check (singleton),
      id uuid not null default gen_random_uuid(),
      created_at timestamptz not null default now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, 'drop table database_identity;');
}
