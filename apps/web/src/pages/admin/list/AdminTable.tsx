import { Button, Group, Select, Table, TextInput, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { useCurrentPage } from '../../../components/current-page.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { Pager } from './Pager.js';
import type { AdminList } from './use-admin-list.js';

// An admin list table (SPEC.md §2): a filter under each column heading, sortable headings, Edit
// and Delete per row, and the pager. The rows are one page the server has filtered and sorted.

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

/** aria-sort belongs on the column header, not on its button (a button may not carry it). */
function sortOf(sortKey: string | undefined, list: AdminList): 'ascending' | 'descending' | undefined {
  if (!sortKey || list.state.sort !== sortKey) return undefined;
  return list.state.order === 'asc' ? 'ascending' : 'descending';
}

function SortHeading({ label, sortKey, list }: { label: string; sortKey?: string; list: AdminList }) {
  if (!sortKey) return <>{label}</>;
  const active = list.state.sort === sortKey;
  const arrow = active ? (list.state.order === 'asc' ? ' ▲' : ' ▼') : '';
  return (
    <UnstyledButton fw={600} fz="sm" onClick={() => list.setSort(sortKey)} aria-label={`Sort by ${label}`}>
      {label}
      {arrow}
    </UnstyledButton>
  );
}

function FilterCell<T>({ column, list }: { column: AdminColumn<T>; list: AdminList }) {
  const filter = column.filter;
  if (!filter) return <Table.Th />;
  const value = list.state.filters[filter.key] ?? '';
  const label = `Filter by ${column.label}`;
  return (
    <Table.Th>
      {filter.options ? (
        <Select
          size="xs"
          aria-label={label}
          placeholder="All"
          clearable
          data={filter.options}
          value={value || null}
          onChange={(next) => list.setFilter(filter.key, next ?? '')}
        />
      ) : (
        <TextInput
          size="xs"
          aria-label={label}
          placeholder="Filter"
          value={value}
          onChange={(event) => list.setFilter(filter.key, event.currentTarget.value)}
        />
      )}
    </Table.Th>
  );
}

export function AdminTable<T>(props: AdminTableProps<T>) {
  const { list, rows, columns, rowKey, editPath, onEdit, onDelete, actions, rowLabel } = props;
  const page = useCurrentPage();
  if (rows === undefined) return <CenteredLoader />;
  return (
    <>
      <Table striped highlightOnHover aria-label={page?.title}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} aria-sort={sortOf(column.sort, list)}>
                <SortHeading label={column.label} sortKey={column.sort} list={list} />
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
          <Table.Tr>
            {columns.map((column) => (
              <FilterCell key={column.label} column={column} list={list} />
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.label}>{column.render(row)}</Table.Td>
              ))}
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
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
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onEdit(row)}
                      aria-label={`Edit ${rowLabel(row)}`}
                    >
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
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
