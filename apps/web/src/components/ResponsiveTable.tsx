import {
  Box,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Fragment, type ReactNode, useId } from 'react';
import { useIsMobile } from '../layout/useIsMobile.js';
import { ScrollRegion } from './ScrollRegion.js';

// The portal's lists (SPEC.md §2 admin list tables, the forms' records, reports, batches): a table
// from 768 px up, and under 768 px (SPEC.md §9 mobile) one card per row, its columns as label and
// value and its actions below them, so that nothing makes the page scroll sideways on a phone
// (WCAG 1.4.10). A table wider than its place scrolls inside its own named region. Column filters
// and sorting work in both: under the headings in the table, above the cards on a phone.

/** A filter on a column: a text box, or a select when options are given. */
export type ColumnFilter = {
  value: string;
  onChange: (value: string) => void;
  options?: { value: string; label: string }[];
};

export type ListColumn<T> = {
  label: string;
  render: (row: T) => ReactNode;
  /** The key `sort.onSort` receives; the heading becomes a sort button. */
  sortKey?: string;
  filter?: ColumnFilter;
  align?: 'right';
};

/** The list's sort: `onSort` with the current key reverses it. */
export type ListSort = { key: string | undefined; descending: boolean; onSort: (key: string) => void };

export type ResponsiveTableProps<T> = {
  /** Names the table, its scroll region and the list of cards. */
  label: string;
  /** Shows `label` as the table's caption (above the cards on a phone) instead of only naming it. */
  captioned?: boolean;
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string | number;
  rowTestId?: (row: T) => string;
  /** A control before the columns, such as a row's checkbox; first in the card on a phone. */
  lead?: { label: string; render: (row: T) => ReactNode };
  /** The row's buttons (Edit, Delete...): the last column, or the foot of the card. */
  actions?: (row: T) => ReactNode;
  sort?: ListSort;
};

/** The cells left out of a card: nothing to show. */
const isBlank = (value: ReactNode) =>
  value === null || value === undefined || value === false || value === '';

const filterLabel = (column: { label: string }) => `Filter by ${column.label}`;

function FilterInput({ column, labelled }: { column: ListColumn<unknown>; labelled: boolean }) {
  const filter = column.filter;
  if (!filter) return null;
  // In the table the column heading shows above it; on a phone the label shows.
  const naming = labelled ? { label: filterLabel(column) } : { 'aria-label': filterLabel(column) };
  // The browser's own select: a phone shows its native picker, and the page does not carry
  // Mantine's combobox code (about 23 KB compressed) for one list filter (issue 24).
  return filter.options ? (
    <NativeSelect
      size="xs"
      {...naming}
      data={[{ value: '', label: 'All' }, ...filter.options]}
      value={filter.value}
      onChange={(event) => filter.onChange(event.currentTarget.value)}
    />
  ) : (
    <TextInput
      size="xs"
      {...naming}
      placeholder="Filter"
      value={filter.value}
      onChange={(event) => filter.onChange(event.currentTarget.value)}
    />
  );
}

function SortHeading({ column, sort }: { column: ListColumn<unknown>; sort?: ListSort }) {
  if (!column.sortKey || !sort) return <>{column.label}</>;
  const key = column.sortKey;
  const arrow = sort.key === key ? (sort.descending ? ' ▼' : ' ▲') : '';
  return (
    <UnstyledButton fw={700} fz="sm" onClick={() => sort.onSort(key)} aria-label={`Sort by ${column.label}`}>
      {column.label}
      {arrow}
    </UnstyledButton>
  );
}

/** aria-sort belongs on the column header, not on its button (a button may not carry it). */
function ariaSort(column: ListColumn<unknown>, sort?: ListSort) {
  if (!column.sortKey || !sort) return undefined;
  if (sort.key !== column.sortKey) return 'none';
  return sort.descending ? 'descending' : 'ascending';
}

function RowsTable<T>(props: ResponsiveTableProps<T>) {
  const { label, captioned, rows, columns, rowKey, rowTestId, lead, actions, sort } = props;
  const withFilters = columns.some((column) => column.filter);
  return (
    <ScrollRegion label={label}>
      <Table striped highlightOnHover aria-label={captioned ? undefined : label}>
        {captioned && <Table.Caption>{label}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {lead && (
              <Table.Th>
                <VisuallyHidden>{lead.label}</VisuallyHidden>
              </Table.Th>
            )}
            {columns.map((column) => (
              <Table.Th
                key={column.label}
                aria-sort={ariaSort(column as ListColumn<unknown>, sort)}
                style={column.align ? { textAlign: column.align } : undefined}
              >
                <SortHeading column={column as ListColumn<unknown>} sort={sort} />
              </Table.Th>
            ))}
            {actions && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
          {withFilters && (
            <Table.Tr>
              {lead && <Table.Td />}
              {columns.map((column) => (
                <Table.Td key={column.label}>
                  <FilterInput column={column as ListColumn<unknown>} labelled={false} />
                </Table.Td>
              ))}
              {actions && <Table.Td />}
            </Table.Tr>
          )}
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {lead && <Table.Td>{lead.render(row)}</Table.Td>}
              {columns.map((column) => (
                <Table.Td key={column.label} style={column.align ? { textAlign: column.align } : undefined}>
                  {column.render(row)}
                </Table.Td>
              ))}
              {actions && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    {actions(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** Above the cards on a phone: the column filters, and the sort as two selects. */
function PhoneControls<T>({ columns, sort }: Pick<ResponsiveTableProps<T>, 'columns' | 'sort'>) {
  const filtered = columns.filter((column) => column.filter);
  const sortable = columns.filter((column) => column.sortKey);
  if (filtered.length === 0 && (sortable.length === 0 || !sort)) return null;
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
      {filtered.map((column) => (
        <FilterInput key={column.label} column={column as ListColumn<unknown>} labelled />
      ))}
      {sort && sortable.length > 0 && (
        <>
          <NativeSelect
            size="xs"
            label="Sort by"
            value={sort.key ?? ''}
            data={sortable.map((column) => ({ value: column.sortKey ?? '', label: column.label }))}
            onChange={(event) => sort.onSort(event.currentTarget.value)}
          />
          <NativeSelect
            size="xs"
            label="Order"
            value={sort.descending ? 'descending' : 'ascending'}
            data={[
              { value: 'ascending', label: 'Ascending' },
              { value: 'descending', label: 'Descending' },
            ]}
            onChange={(event) => {
              const descending = event.currentTarget.value === 'descending';
              if (sort.key && descending !== sort.descending) sort.onSort(sort.key);
            }}
          />
        </>
      )}
    </SimpleGrid>
  );
}

function CardActions({ actions }: { actions: ReactNode }) {
  if (isBlank(actions)) return null;
  return (
    <Group gap="xs" mt="sm">
      {actions}
    </Group>
  );
}

function RowCards<T>(props: ResponsiveTableProps<T>) {
  const { label, captioned, rows, columns, rowKey, rowTestId, lead, actions, sort } = props;
  const captionId = useId();
  return (
    <>
      {captioned && (
        <Text id={captionId} size="sm" fw={600}>
          {label}
        </Text>
      )}
      <PhoneControls columns={columns} sort={sort} />
      <Box
        component="ul"
        aria-label={captioned ? undefined : label}
        aria-labelledby={captioned ? captionId : undefined}
        m={0}
        p={0}
        style={{
          listStyle: 'none',
          display: 'flex',
          flexDirection: 'column',
          gap: 'var(--mantine-spacing-sm)',
        }}
      >
        {rows.map((row) => (
          <Card component="li" key={rowKey(row)} data-testid={rowTestId?.(row)} withBorder padding="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              {lead?.render(row)}
              <Box
                component="dl"
                m={0}
                style={{
                  flex: 1,
                  minWidth: 0,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(5rem, max-content) minmax(0, 1fr)',
                  gap: '4px 12px',
                }}
              >
                {columns.map((column) => {
                  const value = column.render(row);
                  if (isBlank(value)) return null;
                  return (
                    <Fragment key={column.label}>
                      <Text component="dt" size="sm" c="dimmed">
                        {column.label}
                      </Text>
                      <Box component="dd" m={0} fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {value}
                      </Box>
                    </Fragment>
                  );
                })}
              </Box>
            </Group>
            <CardActions actions={actions?.(row)} />
          </Card>
        ))}
      </Box>
    </>
  );
}

/** A list of rows: a table on wider screens, cards on a phone; the same actions in both. */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  return useIsMobile() ? <RowCards {...props} /> : <RowsTable {...props} />;
}
