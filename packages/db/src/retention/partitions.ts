import {
  monthOfPartition,
  monthStart,
  monthsToCreate,
  monthsToDrop,
  partitionName,
} from '@portal/domain/operations/retention';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

// The month partitions of the tables partitioned by time (migration 2026112603): made ahead by
// the database's own make_month_partition, dropped whole once older than the retention.

export const PARTITIONED_TABLES = ['audit_log', 'dashboard_activity_events'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** How long one maintenance statement waits for its lock before giving up (the job retries later). */
const MAINTENANCE_LOCK_TIMEOUT = '2s';

/** The months `table` has a partition for, oldest first. */
export async function listPartitionMonths(db: Kysely<Database>, table: PartitionedTable): Promise<Date[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table})
  `.execute(db);
  return rows
    .flatMap((row) => monthOfPartition(table, row.name) ?? [])
    .sort((a, b) => a.getTime() - b.getTime());
}

/**
 * Makes the partitions of `months` that `table` lacks. Two processes making the same one at once
 * is harmless: the loser's error is ignored once the partition is found there.
 */
export async function makeMonthPartitions(
  db: Kysely<Database>,
  table: PartitionedTable,
  months: readonly Date[],
): Promise<string[]> {
  const existing = new Set((await listPartitionMonths(db, table)).map((month) => month.getTime()));
  const made: string[] = [];
  for (const month of months.map((at) => monthStart(at))) {
    if (existing.has(month.getTime())) continue;
    existing.add(month.getTime());
    try {
      await sql`select make_month_partition(${table}, ${month.toISOString()}::timestamptz)`.execute(db);
    } catch (error) {
      const { rows } = await sql`select to_regclass(${partitionName(table, month)}) as found`.execute(db);
      if ((rows[0] as { found: unknown } | undefined)?.found == null) throw error;
      continue;
    }
    made.push(partitionName(table, month));
  }
  return made;
}

/** Forgets a month of `table`: its partition is dropped, which takes a moment however many rows it holds. */
export async function dropMonthPartition(db: Kysely<Database>, table: PartitionedTable, month: Date) {
  await db.transaction().execute(async (trx) => {
    await sql.raw(`set local lock_timeout = '${MAINTENANCE_LOCK_TIMEOUT}'`).execute(trx);
    await sql`drop table if exists ${sql.id(partitionName(table, month))}`.execute(trx);
  });
}

export type PartitionMaintenance = { made: string[]; dropped: string[] };

/**
 * Makes this month's partitions and the next ones of every partitioned table and, for the tables
 * given a retention (months), drops the months wholly older than it. Run at migration (without
 * retentions: nothing is dropped there), at worker start and daily; running it again does nothing.
 */
export async function maintainPartitions(
  db: Kysely<Database>,
  now: Date,
  retentionMonths: Partial<Record<PartitionedTable, number>> = {},
): Promise<PartitionMaintenance> {
  const result: PartitionMaintenance = { made: [], dropped: [] };
  for (const table of PARTITIONED_TABLES) {
    result.made.push(...(await makeMonthPartitions(db, table, monthsToCreate(now))));
    const retention = retentionMonths[table];
    if (retention === undefined) continue;
    for (const month of monthsToDrop(await listPartitionMonths(db, table), now, retention)) {
      await dropMonthPartition(db, table, month);
      result.dropped.push(partitionName(table, month));
    }
  }
  return result;
}
