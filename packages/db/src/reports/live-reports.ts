import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The condition of a live report: neither deleted (kept for recovery) nor superseded by a newer
 * upload of the same file. The partial indexes on reports carry the same predicate, so every
 * read of live reports says it the same way: `.where(whereLive('r'))`, or `${whereLive('l')}` in sql.
 */
export function whereLive(table = 'reports'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.deleted_at`)} is null and ${sql.ref(`${table}.superseded_at`)} is null`;
}
