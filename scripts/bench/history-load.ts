// A bulk load the way a restore does it: the table's foreign keys, primary key, unique
// constraints, other indexes and user triggers set aside, the rows inserted by one statement,
// then all of it put back and the table vacuumed and analyzed. The definitions are read from the
// catalog (pg_constraint, pg_indexes), so a migration that changes them, or makes the table a
// partitioned one (whose indexes are then partitioned indexes), needs no change here.
import type { Database } from '@portal/db';
import { type Kysely, sql } from 'kysely';

type Constraint = { name: string; definition: string; type: 'f' | 'p' | 'u' };

export async function bulkLoad(db: Kysely<Database>, table: string, insert: () => Promise<void>) {
  const constraints = (
    await sql<Constraint>`
      select conname as name, pg_get_constraintdef(oid) as definition, contype as type
      from pg_constraint
      where conrelid = ${table}::regclass and contype in ('f', 'p', 'u')`.execute(db)
  ).rows;
  const owned = new Set(constraints.filter((c) => c.type !== 'f').map((c) => c.name));
  const indexes = (
    await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = ${table}`.execute(db)
  ).rows.filter((index) => !owned.has(index.name));
  const foreign = constraints.filter((c) => c.type === 'f');
  const keys = constraints.filter((c) => c.type !== 'f');

  const timed = async (what: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    console.log(`  ${table}: ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  for (const c of [...foreign, ...keys])
    await sql`alter table ${sql.id(table)} drop constraint ${sql.id(c.name)}`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  await sql`alter table ${sql.id(table)} disable trigger user`.execute(db);
  await timed('rows inserted', insert);
  await sql`alter table ${sql.id(table)} enable trigger user`.execute(db);
  await timed(`${keys.length + indexes.length} keys and indexes built`, async () => {
    for (const index of indexes) await sql.raw(index.definition).execute(db);
    for (const c of keys)
      await sql`alter table ${sql.id(table)} add constraint ${sql.id(c.name)} ${sql.raw(c.definition)}`.execute(
        db,
      );
  });
  await timed(`${foreign.length} foreign keys checked`, async () => {
    for (const c of foreign)
      await sql`alter table ${sql.id(table)} add constraint ${sql.id(c.name)} ${sql.raw(c.definition)}`.execute(
        db,
      );
  });
  await timed('vacuum analyze', () => sql`vacuum analyze ${sql.id(table)}`.execute(db));
}
