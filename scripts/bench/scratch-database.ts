// The benches' scratch databases (on BENCH_ADMIN_URL's server, by default the local one of
// @portal/testing), made empty or copied from a kept template (template-databases.ts).
import { connect, type Database } from '@portal/db';
import { BENCH_ADMIN_URL, databaseUrl } from '@portal/testing';
import { type Kysely, sql } from 'kysely';
import { migrationsHash, scratchFromTemplate } from './template-databases.js';

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/** An empty database `portal_bench_<bench>_<pid>` and the admin connection that drops it. */
export async function createScratch(bench: string) {
  const name = `portal_bench_${bench}_${process.pid}`;
  const admin = connect({ databaseUrl: BENCH_ADMIN_URL, maxConnections: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  return { admin, name, url: databaseUrl(name, BENCH_ADMIN_URL) };
}

/**
 * A copy of the template `bench_tpl_<kind>_<rows>_<hash of the migrations' names>`, which `seed`
 * fills (on a migrated database, one connection) when it is missing or `fresh`.
 */
export async function scratchFromHistory(
  bench: string,
  {
    kind,
    rows,
    fresh,
    seed,
  }: { kind: string; rows: number; fresh: boolean; seed: (db: Kysely<Database>) => Promise<void> },
) {
  const name = `portal_bench_${bench}_${process.pid}`;
  const admin = connect({ databaseUrl: BENCH_ADMIN_URL, maxConnections: 1 });
  const template = `bench_tpl_${kind}_${rows}_${migrationsHash()}`;
  const loaded = await scratchFromTemplate(admin.db, BENCH_ADMIN_URL, {
    template,
    scratch: name,
    fresh,
    seed,
  });
  if (loaded.seedSeconds !== undefined)
    console.log(`built template ${template} in ${loaded.seedSeconds.toFixed(0)} s`);
  console.log(`copied template ${template} in ${loaded.copySeconds.toFixed(1)} s`);
  return { admin, name, url: databaseUrl(name, BENCH_ADMIN_URL), seedSeconds: loaded.seedSeconds };
}
