import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { Database } from '@portal/db';
import { connect, migrateToLatest } from '@portal/db';
import { databaseUrl } from '@portal/testing';
import { type Kysely, sql } from 'kysely';

// Seeded databases kept between bench runs as Postgres templates: a bench seeds its data once
// (minutes at ten million rows), and each later run copies the files of the template instead.
// A template's name carries a hash of the migrations' names, so a new migration makes a new one.

const MIGRATIONS_DIR = new URL('../../packages/db/src/migrations/', import.meta.url);

/** A short hash of the migrations' names (the files in packages/db/src/migrations). */
export function migrationsHash(): string {
  const names = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d+_.+\.ts$/.test(file))
    .sort();
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 10);
}

async function databaseExists(admin: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_database where datname = ${name}`.execute(admin);
  return (rows[0]?.n ?? 0) > 0;
}

async function dropDatabase(admin: Kysely<Database>, name: string) {
  await sql`alter database ${sql.id(name)} is_template false`.execute(admin).catch(() => {});
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
}

/**
 * Creates `scratch` as a copy of the template `template`, seeding the template first when it does
 * not exist yet (or when `fresh`): `seed` runs on a migrated database under a building name, which
 * is renamed to the template's only once the seed has finished (an interrupted seed leaves no
 * half-filled template). The seconds of each step; seedSeconds is undefined when the template was
 * already there.
 */
export async function scratchFromTemplate(
  admin: Kysely<Database>,
  adminUrl: string,
  {
    template,
    scratch,
    fresh,
    seed,
  }: { template: string; scratch: string; fresh: boolean; seed: (db: Kysely<Database>) => Promise<void> },
): Promise<{ seedSeconds?: number; copySeconds: number }> {
  if (fresh) await dropDatabase(admin, template);
  let seedSeconds: number | undefined;
  if (!(await databaseExists(admin, template))) {
    // Not under the template's prefix: a sweep of stale templates (growth.ts) must not take it.
    const building = `bench_seeding_${process.pid}_${template}`.slice(0, 63);
    await dropDatabase(admin, building);
    await sql`create database ${sql.id(building)}`.execute(admin);
    const start = performance.now();
    const handle = connect({ databaseUrl: databaseUrl(building, adminUrl), maxConnections: 1 });
    try {
      await migrateToLatest(handle.db);
      await seed(handle.db);
    } catch (error) {
      await handle.close();
      await dropDatabase(admin, building);
      throw error;
    }
    await handle.close();
    seedSeconds = (performance.now() - start) / 1000;
    if (await databaseExists(admin, template)) {
      // Another run seeded the same template meanwhile: keep the one that was first.
      await dropDatabase(admin, building);
    } else {
      await sql`alter database ${sql.id(building)} rename to ${sql.id(template)}`.execute(admin);
      await sql`alter database ${sql.id(template)} is_template true`.execute(admin);
    }
  }
  const start = performance.now();
  // FILE_COPY (Postgres 15+): a checkpoint and a copy of the files, rather than writing every page
  // of a multi-gigabyte template through the WAL (15's default); older servers know only the copy.
  await sql`create database ${sql.id(scratch)} template ${sql.id(template)} strategy file_copy`
    .execute(admin)
    .catch(async (error: Error) => {
      if (!/strategy/i.test(error.message)) throw error;
      await sql`create database ${sql.id(scratch)} template ${sql.id(template)}`.execute(admin);
    });
  return { seedSeconds, copySeconds: (performance.now() - start) / 1000 };
}
