import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CenteredLoader } from '../CenteredLoader.js';
import { useCurrentPage } from '../current-page.js';
import { EmptyState } from '../EmptyState.js';
import { type ListColumn, ResponsiveTable } from '../ResponsiveTable.js';
import { Pager } from './Pager.js';
import type { AdminList } from './use-admin-list.js';

// An admin list table (SPEC.md §2): a filter under each column heading, sortable headings, Edit
// and Delete per row, and the pager. The rows are one page the server has filtered and sorted.
// On a phone the rows are cards, with the filters and sort above them (ResponsiveTable).

export type AdminColumn<T> = {
  label: string;
  render: (row: T) => ReactNode;
  /** The query parameter this column's filter sets; a select when options are given. */
  filter?: { key: string; options?: { value: string; label: string }[] };
  /** The sort key the API knows for this column. */
  sort?: string;
};

type AdminTableProps<T> = {
  list: AdminList;
  rows: T[] | undefined;
  columns: AdminColumn<T>[];
  rowKey: (row: T) => string;
  /** Where Edit goes; no Edit button without it. */
  editPath?: (row: T) => string;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** More buttons of a row, before Edit and Delete. */
  actions?: (row: T) => ReactNode;
  /** Names a row for the buttons' accessible labels ('Edit EXT/BJS'). */
  rowLabel: (row: T) => string;
};

/** The column as the list shows it: its filter reads and sets the list's query. */
function listColumn<T>(column: AdminColumn<T>, list: AdminList): ListColumn<T> {
  const { label, render, sort, filter } = column;
  return {
    label,
    render,
    sortKey: sort,
    filter: filter && {
      value: list.state.filters[filter.key] ?? '',
      onChange: (value) => list.setFilter(filter.key, value),
      options: filter.options,
    },
  };
}

export function AdminTable<T>(props: AdminTableProps<T>) {
  const { list, rows, columns, rowKey, editPath, onEdit, onDelete, actions, rowLabel } = props;
  const page = useCurrentPage();
  if (rows === undefined) return <CenteredLoader />;
  const rowButtons = (row: T) => (
    <>
      {actions?.(row)}
      {editPath && (
        <Button
          size="xs"
          variant="light"
          component={Link}
          to={editPath(row)}
          aria-label={`Edit ${rowLabel(row)}`}
        >
          Edit
        </Button>
      )}
      {onEdit && (
        <Button size="xs" variant="light" onClick={() => onEdit(row)} aria-label={`Edit ${rowLabel(row)}`}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onDelete(row)}
          aria-label={`Delete ${rowLabel(row)}`}
        >
          Delete
        </Button>
      )}
    </>
  );
  return (
    <>
      <ResponsiveTable
        label={page?.title ?? 'List'}
        rows={rows}
        columns={columns.map((column) => listColumn(column, list))}
        rowKey={rowKey}
        actions={rowButtons}
        sort={{ key: list.state.sort, descending: list.state.order === 'desc', onSort: list.setSort }}
      />
      {rows.length === 0 && <EmptyState />}
      <Pager
        page={list.state.page}
        pages={list.pages}
        pageSize={list.state.pageSize}
        rowsOnPage={rows.length}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
    </>
  );
}
