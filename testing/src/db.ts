import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { connect, type DatabaseHandle, maintainPartitions, migrateToLatest } from '@portal/db';
import { sql } from 'kysely';
import { databaseUrl, TEST_ADMIN_URL } from './services.js';

// The databases of the tests, the benchmarks and the fault suite: a clone of the migrated template
// per test file, the factories, a private Postgres cluster for the outage test and the fault suite,
// bulk rows for the benchmarks, and the statement recorder.
export * from './db/bench-disputes.js';
export * from './db/factories.js';
export * from './db/private-cluster.js';

// Test isolation as in ARCHITECTURE.md: one migrated template, one clone per test file.
// The template's name carries a hash of the migrations, so concurrent test runs share it
// safely and a changed migration gets a template of its own. The server: TEST_ADMIN_URL
// (TEST_DATABASE_URL).
export { TEST_ADMIN_URL };

function migrationsHash(): string {
  const folder = join(dirname(createRequire(import.meta.url).resolve('@portal/db')), 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(folder).sort()) hash.update(file).update(readFileSync(join(folder, file)));
  return hash.digest('hex').slice(0, 12);
}

const TEMPLATE = process.env.TEST_DATABASE_TEMPLATE ?? `portal_tpl_${migrationsHash()}`;

async function withAdmin<T>(work: (admin: DatabaseHandle) => Promise<T>): Promise<T> {
  const admin = connect({ databaseUrl: TEST_ADMIN_URL, maxConnections: 1 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

async function databaseExists(admin: DatabaseHandle, name: string): Promise<boolean> {
  const { rows } = await sql`select 1 from pg_database where datname = ${name}`.execute(admin.db);
  return rows.length > 0;
}

/** Makes sure the migrated template exists. Run once per test run (vitest globalSetup). */
export async function prepareTemplateDatabase(): Promise<void> {
  await withAdmin(async (admin) => {
    if (await databaseExists(admin, TEMPLATE)) return;
    // Built under a private name and renamed when complete, so no one clones half a template.
    const building = `${TEMPLATE}_b${randomBytes(3).toString('hex')}`;
    await sql`create database ${sql.id(building)}`.execute(admin.db);
    const template = connect({ databaseUrl: databaseUrl(building), maxConnections: 1 });
    try {
      await migrateToLatest(template.db);
    } finally {
      await template.close();
    }
    try {
      await sql`alter database ${sql.id(building)} rename to ${sql.id(TEMPLATE)}`.execute(admin.db);
    } catch (error) {
      // Another run finished first: use theirs.
      await sql`drop database if exists ${sql.id(building)}`.execute(admin.db);
      if (!(await databaseExists(admin, TEMPLATE))) throw error;
    }
  });
}

export type TestDatabase = DatabaseHandle & { url: string; name: string; drop(): Promise<void> };

/** A fresh, migrated, empty database cloned from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(({ db }) => sql`create database ${sql.id(name)} template ${sql.id(TEMPLATE)}`.execute(db));
  const url = databaseUrl(name);
  const handle = connect({ databaseUrl: url, maxConnections: 5 });
  // The template may have been migrated in an earlier month.
  await maintainPartitions(handle.db, new Date());
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

/** A database a test opened: a clone on Postgres (dropped after) or an embedded PGlite in memory. */
export type OpenedDatabase = DatabaseHandle & { drop?: () => Promise<void> };

/**
 * The two engines the portal runs on, Postgres in production and the embedded PGlite of
 * `npm start`, for `describe.each`: each opens a migrated, empty database.
 */
export const DATABASE_ENGINES: Array<[string, () => Promise<OpenedDatabase>]> = [
  ['postgres', async () => createTestDatabase()],
  [
    'pglite',
    async () => {
      const handle = connect({ dataDir: 'memory://' });
      await migrateToLatest(handle.db);
      return handle;
    },
  ],
];

export { type RecordedStatement, recordStatements } from './db/statement-recorder.js';
