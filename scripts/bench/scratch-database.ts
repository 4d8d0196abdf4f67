// The benches' scratch databases (on BENCH_ADMIN_URL's server, by default the local one of
// @portal/testing), made empty or copied from a kept template (template-databases.ts).
import { connect, createSession, type Database, setUserAccess } from '@portal/db';
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

/** A signed-in internal user with VIEW_REPORTS for the reports bench's partner (no human check on download). */
export async function benchReportsReader(db: Kysely<Database>, partnerCode: string) {
  await db
    .insertInto('users')
    .values({ user_id: 'bench', email: 'bench@bank.test', is_external_user: false })
    .execute();
  await setUserAccess(db, 'bench', {
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode }],
  });
  const { sessionId } = await createSession(db, {
    userId: 'bench',
    provider: null,
    idToken: null,
    absoluteHours: 2,
  });
  return { cookie: `portal_session=${sessionId}` };
}

/** Drops a bench's scratch database and closes the admin connection. */
export async function dropScratch(admin: ReturnType<typeof connect>, name: string) {
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
  await admin.close();
}
