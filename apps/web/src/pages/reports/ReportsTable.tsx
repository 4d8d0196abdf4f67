import { Button, Checkbox } from '@mantine/core';
import { isViewableFile, MAX_REPORTS_PER_DOWNLOAD } from '@portal/domain';
import { useState } from 'react';
import { type ListColumn, ResponsiveTable } from '../../components/ResponsiveTable.js';
import { formatDate, type Report } from './reports-api.js';

type SortKey = 'reportDate' | 'fileName' | 'rawSize' | 'lastModified';
const COLUMNS: ListColumn<Report>[] = [
  { label: 'Report Date', sortKey: 'reportDate', render: (report) => formatDate(report.reportDate) },
  { label: 'File Name', sortKey: 'fileName', render: (report) => report.fileName },
  { label: 'File Size', sortKey: 'rawSize', render: (report) => report.fileSize },
  {
    label: 'Last Modified Date',
    sortKey: 'lastModified',
    render: (report) => formatDate(report.lastModified),
  },
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
 * a checkbox per row; once 3 are selected the other rows' checkboxes are disabled (§5). Cards on a
 * phone, with the sort above them.
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
    <ResponsiveTable
      label="Reports"
      rows={sorted}
      columns={COLUMNS}
      rowKey={(report) => report.id}
      rowTestId={(report) => `report-row-${report.fileName}`}
      sort={{ key: sort.key, descending: sort.descending, onSort: (key) => sortBy(key as SortKey) }}
      lead={{
        label: 'Select',
        render: (report) => {
          const checked = selected.has(report.id);
          return (
            <Checkbox
              aria-label={`Select ${report.fileName}`}
              checked={checked}
              disabled={!checked && full}
              aria-describedby={!checked && full ? limitNoteId : undefined}
              onChange={() => onToggle(report)}
            />
          );
        },
      }}
      actions={(report) => (
        <>
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
        </>
      )}
    />
  );
}
