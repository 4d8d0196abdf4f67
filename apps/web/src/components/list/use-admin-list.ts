import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_ADMIN_PAGE_SIZE, pageCount, type SortOrder } from '@portal/domain/admin/admin-paging';
import type { PageReply } from '@portal/domain/api/common';
import { useState } from 'react';
import { useApi } from '../../api/swr.js';

// The state of a server-driven admin list (SPEC.md §2 Admin list tables): column filters, sort and
// page travel to the API as query parameters; the server filters, sorts and pages in the database.

/** The paging fields of every admin list reply. */
export type ListReply = PageReply;

export type AdminListState = {
  page: number;
  pageSize: number;
  sort: string;
  order: SortOrder;
  filters: Record<string, string>;
};

/** The query string of a list request: paging, sort, and the filters that hold something. */
export function listQuery(state: AdminListState): string {
  const query = new URLSearchParams({
    page: String(state.page),
    pageSize: String(state.pageSize),
    sort: state.sort,
    order: state.order,
  });
  for (const [key, value] of Object.entries(state.filters)) {
    if (value.trim() !== '') query.set(key, value.trim());
  }
  return query.toString();
}

export function useAdminList<T extends ListReply>(
  path: string,
  initial: { sort: string; pageSize?: number },
) {
  const [state, setState] = useState<AdminListState>({
    page: 1,
    pageSize: initial.pageSize ?? DEFAULT_ADMIN_PAGE_SIZE,
    sort: initial.sort,
    order: 'asc',
    filters: {},
  });
  // Typing in a filter asks the server once the typing pauses, not on every key.
  const [filters] = useDebouncedValue(state.filters, 300);
  const url = `${path}?${listQuery({ ...state, filters })}`;
  const { data, mutate, isValidating } = useApi<T>(url, { keepPreviousData: true });
  const pages = data ? pageCount(data.total, data.pageSize) : null;

  return {
    state,
    data,
    pages,
    mutate,
    loading: isValidating,
    setFilter: (key: string, value: string) =>
      setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [key]: value } })),
    /** Sorts by `key`; asking for the current sort again reverses it. */
    setSort: (key: string) =>
      setState((s) => ({
        ...s,
        page: 1,
        sort: key,
        order: s.sort === key && s.order === 'asc' ? 'desc' : 'asc',
      })),
    setPage: (page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })),
    setPageSize: (pageSize: number) => setState((s) => ({ ...s, page: 1, pageSize })),
  };
}

/** What the table needs of a list: its state and the changes it may ask for. */
export type AdminList = Pick<
  ReturnType<typeof useAdminList>,
  'state' | 'pages' | 'setFilter' | 'setSort' | 'setPage' | 'setPageSize'
>;
