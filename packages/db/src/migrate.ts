import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.js';
import { maintainPartitions } from './retention/partitions.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  // So a database migrated now (tests, npm start) has this month's partitions and the next ones.
  await maintainPartitions(db, new Date());
  return result;
}
