import { type RawBuilder, sql } from 'kysely';
import type { Db } from './db.js';
import type { Database } from './schema.js';

/**
 * Deletes the rows of `table` that match `condition`, at most `batchSize` a statement (each its own
 * short transaction), until a statement deletes fewer; returns how many it deleted. Each caller
 * keeps its own batch size (the session purge, the retention pass). Rows a writer or another purge
 * holds are skipped (and left for the next run) rather than waited for, so neither side waits on
 * the other and running it twice at once is harmless; rows are found by their physical address
 * (ctid), which works for every table whatever its key.
 */
export async function deleteInBatches(
  db: Db,
  table: keyof Database,
  condition: RawBuilder<boolean>,
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from ${sql.table(table)} where ctid = any(array(
        select ctid from ${sql.table(table)} where ${condition} limit ${batchSize} for update skip locked))
    `.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
