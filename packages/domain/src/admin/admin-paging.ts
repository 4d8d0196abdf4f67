// Admin list tables (SPEC.md §2): the server filters, sorts and pages; the table's buttons read
// 'page / total', with '?' when the total is unknown (the server stops counting past a bound).

export const ADMIN_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_ADMIN_PAGE_SIZE = 25;
export const MAX_ADMIN_PAGE_SIZE = 100;
/** Past this many matching rows the server answers total: null rather than count them all. */
export const ADMIN_COUNT_LIMIT = 100_000;

export type SortOrder = 'asc' | 'desc';

/** How many pages, or null when the total is unknown. At least 1: an empty list is page 1 of 1. */
export function pageCount(total: number | null, pageSize: number): number | null {
  if (total === null) return null;
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageLabel(page: number, pages: number | null): string {
  return `${page} / ${pages ?? '?'}`;
}

/** Whether there is a next page: known from the total, or guessed from a full page when unknown. */
export function hasNextPage(page: number, pages: number | null, rowsOnPage: number, pageSize: number) {
  return pages === null ? rowsOnPage === pageSize : page < pages;
}
