import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { connect, type DatabaseHandle } from './connection.js';
import { migrateToLatest } from './migrate.js';

// Test isolation as in ARCHITECTURE.md: one migrated template per run, one clone per test file.
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEMPLATE = process.env.TEST_DATABASE_TEMPLATE ?? 'portal_test_template';

function urlFor(database: string): string {
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: DatabaseHandle) => Promise<T>): Promise<T> {
  const admin = connect({ databaseUrl: TEST_ADMIN_URL, maxConnections: 1 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

/** Rebuilds the migrated template database. Run once per test run (vitest globalSetup). */
export async function prepareTemplateDatabase(): Promise<void> {
  await withAdmin(async ({ db }) => {
    await sql`drop database if exists ${sql.id(TEMPLATE)} with (force)`.execute(db);
    await sql`create database ${sql.id(TEMPLATE)}`.execute(db);
  });
  const template = connect({ databaseUrl: urlFor(TEMPLATE), maxConnections: 1 });
  try {
    await migrateToLatest(template.db);
  } finally {
    await template.close();
  }
}

export type TestDatabase = DatabaseHandle & { url: string; name: string; drop(): Promise<void> };

/** A fresh, migrated, empty database cloned from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(({ db }) => sql`create database ${sql.id(name)} template ${sql.id(TEMPLATE)}`.execute(db));
  const url = urlFor(name);
  const handle = connect({ databaseUrl: url, maxConnections: 5 });
  return {
    ...handle,
    url,
    name,
    async drop() {
      await handle.close();
      await withAdmin(({ db }) => sql`drop database if exists ${sql.id(name)} with (force)`.execute(db));
    },
  };
}
