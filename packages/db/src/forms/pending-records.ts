import { type Kysely, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { Database } from '../schema.js';

// The records of the operational forms (disputes, customer invoice requests) are pending until a
// nightly batch takes them (sets batch_id); only a pending one may be edited or deleted, and a
// batch and an edit of the same record must not cross. Both tables share that life, written here.

export type PendingRecordTable = 'disputes' | 'customer_invoice_requests';

/** A pending change found the record in a batch already, or found no record. */
export type PendingChange<T> = T | { batched: true } | { notFound: true };

/** Which record: its id, and for a dispute the retailer it must belong to. */
export type PendingRecordKey = { recordId: number; retailer?: string };

type Row<T extends PendingRecordTable> = Selectable<Database[T]>;

/** The columns the two tables share, for the statements written once for both. */
type PendingColumns = Pick<
  Database[PendingRecordTable],
  'record_id' | 'batch_id' | 'deleted_at' | 'updated_at'
>;
const shared = (db: Db) => db as unknown as Kysely<Record<PendingRecordTable, PendingColumns>>;

/**
 * Records a batch of `batchDate` takes: in no batch yet, not deleted, and due by that day (an
 * entry of an earlier day whose batch never took it included).
 */
export const pendingThrough = (batchDate: string) =>
  sql<SqlBool>`batch_id is null and deleted_at is null and batch_date <= ${batchDate}`;

/** Locks the record, so a batch taking it meanwhile waits for this change or wins before it. */
async function lockPending<T extends PendingRecordTable>(
  db: Db,
  table: T,
  key: PendingRecordKey,
): Promise<PendingChange<Row<T>>> {
  let query = shared(db)
    .selectFrom(table as PendingRecordTable)
    .selectAll()
    .where('record_id', '=', key.recordId);
  if (key.retailer !== undefined) query = query.where(sql.ref('retailer'), '=', key.retailer);
  const row = await query.where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
  if (!row) return { notFound: true };
  if (row.batch_id !== null) return { batched: true };
  return row as Row<T>;
}

/**
 * Locks the pending record and stores what `change` makes of it (`change` may throw to refuse the
 * change), in the caller's transaction; `view` turns each stored row into what callers see.
 */
export async function changePendingRecord<T extends PendingRecordTable, V>(
  db: Db,
  table: T,
  key: PendingRecordKey,
  change: (stored: Row<T>) => Updateable<Database[T]> | Updateable<PendingColumns>,
  view: (row: Row<T>) => V,
): Promise<PendingChange<{ before: V; after: V }>> {
  const found = await lockPending(db, table, key);
  if ('notFound' in found || 'batched' in found) return found;
  const row = await shared(db)
    .updateTable(table as PendingRecordTable)
    .set(change(found as Row<T>) as Updateable<PendingColumns>)
    .where('record_id', '=', key.recordId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before: view(found as Row<T>), after: view(row as Row<T>) };
}

/** Marks the pending record deleted at `at` (kept for the audit trail and the history). */
export async function deletePendingRecord<T extends PendingRecordTable, V>(
  db: Db,
  table: T,
  key: PendingRecordKey,
  at: Date,
  view: (row: Row<T>) => V,
): Promise<PendingChange<{ deleted: V }>> {
  const deleted = () => ({ deleted_at: at, updated_at: at });
  const result = await changePendingRecord(db, table, key, deleted, view);
  return 'before' in result ? { deleted: result.before } : result;
}
