import { ADMIN_COUNT_LIMIT } from '@portal/domain/admin/admin-paging';
import { type Compilable, sql } from 'kysely';
import type { Db } from '../db.js';

// Helpers shared by the admin lists: they filter, sort and page in the database (SPEC.md §2
// Admin list tables), so a list of tens of thousands of rows costs one page and one count.

export type PageRequest = { page: number; pageSize: number };
export type Page<T> = { rows: T[]; total: number | null };

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const offsetOf = (page: PageRequest) => (page.page - 1) * page.pageSize;

/**
 * How many rows `query` (a select with its filters) matches, or null past `limit`: counting a
 * huge match exactly costs a full scan, and the list then shows '?' for the total.
 */
export async function boundedCount(
  db: Db,
  query: Compilable<unknown>,
  limit: number = ADMIN_COUNT_LIMIT,
): Promise<number | null> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (${query} limit ${limit + 1}) as matching
  `.execute(db);
  const n = rows[0]?.n ?? 0;
  return n > limit ? null : n;
}

/** Postgres unique violation (23505), optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** Postgres foreign key violation (23503): a row still refers to the one being deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23503';
}
