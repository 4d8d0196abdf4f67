import type { Db } from '../db.js';

/**
 * This database's identity: a random id written by the first call and kept from then on, through
 * restarts, backups and moves. A copy of the database (a restored dump) carries it too; delete the
 * copy's row to give it one of its own. Needs the migrations run (the API and npm start run them).
 */
export async function databaseIdentity(db: Db): Promise<string> {
  await db
    .insertInto('database_identity')
    .defaultValues()
    .onConflict((conflict) => conflict.column('singleton').doNothing())
    .execute();
  const row = await db.selectFrom('database_identity').select('id').executeTakeFirstOrThrow();
  return row.id;
}
