import { Button, Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import { isViewableFile, MAX_REPORTS_PER_DOWNLOAD } from '@portal/domain';
import { useState } from 'react';
import { formatDate, type Report } from './reports-api.js';

type SortKey = 'reportDate' | 'fileName' | 'rawSize' | 'lastModified';
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'reportDate', label: 'Report Date' },
  { key: 'fileName', label: 'File Name' },
  { key: 'rawSize', label: 'File Size' },
  { key: 'lastModified', label: 'Last Modified Date' },
];

type ReportsTableProps = {
  /** The id of the text that explains why unchecked boxes are disabled once the limit is reached. */
  limitNoteId?: string;
  reports: Report[];
  selected: ReadonlySet<number>;
  onToggle: (report: Report) => void;
  onView: (report: Report) => void;
  /** Absent for users who may not delete. */
  onDelete?: ((report: Report) => void) | undefined;
};

function compare(a: Report, b: Report, key: SortKey): number {
  if (key === 'fileName') return a.fileName.localeCompare(b.fileName);
  return a[key] - b[key];
}

/**
 * SPEC.md §2 Reports: a sortable table (Report Date, File Name, File Size, Last Modified Date) with
 * a checkbox per row; once 3 are selected the other rows' checkboxes are disabled (§5).
 */
export function ReportsTable({
  reports,
  selected,
  onToggle,
  limitNoteId,
  onView,
  onDelete,
}: ReportsTableProps) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'reportDate',
    descending: true,
  });
  const sorted = [...reports].sort((a, b) => compare(a, b, sort.key) * (sort.descending ? -1 : 1));
  const full = selected.size >= MAX_REPORTS_PER_DOWNLOAD;
  const sortBy = (key: SortKey) =>
    setSort((current) => ({ key, descending: current.key === key ? !current.descending : false }));
  return (
    <Table striped highlightOnHover aria-label="Reports">
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          {COLUMNS.map((column) => (
            <Table.Th
              key={column.key}
              aria-sort={sort.key === column.key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
            >
              <UnstyledButton fw={700} onClick={() => sortBy(column.key)}>
                {column.label}
                {sort.key === column.key ? (sort.descending ? ' ▼' : ' ▲') : ''}
              </UnstyledButton>
            </Table.Th>
          ))}
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((report) => {
          const checked = selected.has(report.id);
          return (
            <Table.Tr key={report.id} data-testid={`report-row-${report.fileName}`}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${report.fileName}`}
                  checked={checked}
                  disabled={!checked && full}
                  aria-describedby={!checked && full ? limitNoteId : undefined}
                  onChange={() => onToggle(report)}
                />
              </Table.Td>
              <Table.Td>{formatDate(report.reportDate)}</Table.Td>
              <Table.Td>{report.fileName}</Table.Td>
              <Table.Td>{report.fileSize}</Table.Td>
              <Table.Td>{formatDate(report.lastModified)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {isViewableFile(report.fileName) && (
                    <Button size="xs" variant="light" onClick={() => onView(report)}>
                      View
                    </Button>
                  )}
                  {onDelete && (
                    <Button size="xs" color="red" variant="light" onClick={() => onDelete(report)}>
                      Delete
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
