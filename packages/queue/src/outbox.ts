import type { Database, Db, OutboxTable } from '@portal/db';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

// The relay's side of the outbox table (enqueue.ts is the writer's side).
export type OutboxRow = Selectable<OutboxTable>;

/**
 * Locks up to `limit` unpublished rows, oldest first, skipping rows another relay holds and rows
 * of `exceptQueues` (queues whose Redis is not answering).
 *
 * The scan walks the partial index in order (bitmap scans off for this transaction): a plain
 * index scan marks the entries of rows it finds published (dead) so that the next pass skips
 * them, where a bitmap scan, the planner's usual pick here, visits every one of them again on
 * every pass until autovacuum comes. At 1,000 tracking calls a second that made the relay's reads
 * the largest cost in Postgres (scripts/bench/activity.ts).
 */
export async function claimUnpublished(
  trx: Transaction<Database>,
  limit: number,
  exceptQueues: readonly string[] = [],
): Promise<OutboxRow[]> {
  await sql`set local enable_bitmapscan = off`.execute(trx);
  return trx
    .selectFrom('outbox')
    .selectAll()
    .where('published_at', 'is', null)
    .$if(exceptQueues.length > 0, (query) => query.where('queue', 'not in', exceptQueues))
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markPublished(db: Db, outboxIds: string[]) {
  if (outboxIds.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ published_at: new Date() })
    .where('outbox_id', 'in', outboxIds)
    .execute();
}

export async function recordPublishFailure(db: Db, outboxIds: string[], error: string) {
  if (outboxIds.length === 0) return;
  await db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 2000) }))
    .where('outbox_id', 'in', outboxIds)
    .execute();
}

/** Counts a failed attempt on every waiting row of `queues` (their Redis did not answer). */
export async function recordQueueUnavailable(db: Kysely<Database>, queues: readonly string[], error: string) {
  if (queues.length === 0) return 0;
  const result = await db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 2000) }))
    .where('published_at', 'is', null)
    .where('queue', 'in', queues)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type OutboxBacklog = { waiting: number; oldestAgeSeconds: number };

/** Rows not yet published and the age of the oldest: how far the relay is behind (0 and 0 when idle). */
export async function outboxBacklog(db: Kysely<Database>): Promise<OutboxBacklog> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.countAll<number>().as('waiting'),
      sql<number>`coalesce(extract(epoch from now() - min(created_at)), 0)::float8`.as('oldest'),
    ])
    .where('published_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), oldestAgeSeconds: Math.max(0, Number(row.oldest)) };
}
