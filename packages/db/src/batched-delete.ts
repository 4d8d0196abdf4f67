import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.js';

/** Rows one retention statement deletes at most, so none holds its locks for long. */
export const RETENTION_BATCH_SIZE = 5_000;

/**
 * Deletes the rows of `table` that match `condition`, at most `batchSize` a statement (each its own
 * short transaction), until a statement deletes fewer. Rows a writer holds are skipped (and left
 * for the next run) rather than waited for, so neither side waits on the other; rows are found by
 * their physical address (ctid), which works for every table whatever its key.
 */
export async function deleteInBatches(
  db: Kysely<Database>,
  table: keyof Database,
  condition: RawBuilder<boolean>,
  batchSize = RETENTION_BATCH_SIZE,
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
