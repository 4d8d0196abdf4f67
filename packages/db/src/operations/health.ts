import { sql } from 'kysely';
import type { Db } from '../db.js';

/** Resolves when the database answers a query (the API's readiness check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
