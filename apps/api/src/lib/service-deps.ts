import type { Database } from '@portal/db';
import type { Principal } from '@portal/domain';
import type { BlobStore } from '@portal/storage';
import type { Kysely } from 'kysely';

// The plain dependencies a service takes (never the Fastify app): the database it opens its
// transaction on, the file store, the clock. Route handlers pass `{ db: app.db, ... }`.
export type DbDeps = { db: Kysely<Database> };
export type StoreDeps = DbDeps & { store: BlobStore };
export type { Clock } from '@portal/process/clock';
/** Who makes a change: their rights decide its partner scope, their id goes in the audit log. */
export type Actor = Principal & { userId: string };
