import { Alert, Button, Group, Tabs, Text } from '@mantine/core';
import {
  deleteReportConfirmation,
  ERROR_ALERT_MS,
  hasFeature,
  MAX_REPORTS_PER_DOWNLOAD,
} from '@portal/domain';
import type { Report, ReportDatesReply, ReportsReply } from '@portal/domain/api/reports';
import { readReportsPageQuery } from '@portal/domain/reports/reports-page-link';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { usePrincipal } from '../../auth/auth-context.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { type DateFilter, dateQuery, filterFromSearch, searchWithFilter } from './date-filter.js';
import { DownloadError, downloadReports } from './download.js';
import { FollowCategory } from './FollowCategory.js';
import { ReportDateFilter } from './ReportDateFilter.js';
import { ReportPreviewModal } from './ReportPreviewModal.js';
import { ReportsStepper } from './ReportsStepper.js';
import { ReportsTable } from './ReportsTable.js';
import { formatDate, reportPaths } from './reports-api.js';

const SELECTION_NOTE_ID = 'reports-selection-note';

/**
 * SPEC.md §2 Reports, §4 download and delete, §5 selection rules: a date picker, tabs per frequency
 * type, a table with up to 3 selected rows, View, Delete and Download.
 */
export default function ReportsPage() {
  const { accessTypeCode = '', partnerCode = '', reportCategoryCode = '' } = useParams();
  const principal = usePrincipal();
  // The address may name the dates (`?date=`, `&endDate=`) and the tab (`&frequencyType=`), as a
  // subscription mail's link does; the dates chosen here go back into it, so a reload keeps them.
  const [searchParams, setSearchParams] = useSearchParams();
  const [filter, setFilter] = useState<DateFilter>(() => filterFromSearch(searchParams.toString()));
  const [linkedTab] = useState(() => readReportsPageQuery(searchParams.toString()).frequencyTypeCode);
  const chooseFilter = (next: DateFilter) => {
    setFilter(next);
    setSearchParams((current) => searchWithFilter(current.toString(), next), { replace: true });
  };
  const path = reportPaths.reports(accessTypeCode, partnerCode, reportCategoryCode, dateQuery(filter));
  const { data, mutate } = useApi<ReportsReply>(path, { keepPreviousData: true });
  // The picker's dates are their own read: the list is read again on every change of dates.
  const dates = useApi<ReportDatesReply>(
    reportPaths.reportDates(accessTypeCode, partnerCode, reportCategoryCode),
  );
  const [selected, setSelected] = useState<Map<number, Report>>(new Map());
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Report | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);
  async function remove(report: Report) {
    await api.del(reportPaths.report(report.id));
    setSelected((current) => {
      const next = new Map(current);
      next.delete(report.id);
      return next;
    });
    await Promise.all([mutate(), dates.mutate()]);
  }

  // §8: the server's message shows in an alert that clears after 5 seconds.
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ERROR_ALERT_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const frame = (children: ReactNode) => (
    <PageFrame steps={<ReportsStepper active={2} />}>{children}</PageFrame>
  );
  // The list shows with its dates, in one render: both are read beside the sign-in check (main.tsx).
  if (data === undefined || dates.data === undefined) return frame(<CenteredLoader />);

  const toggle = (report: Report) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(report.id)) next.delete(report.id);
      else if (next.size < MAX_REPORTS_PER_DOWNLOAD) next.set(report.id, report);
      return next;
    });
  const download = async (ids: number[]) => {
    // §5: the download does nothing for 0 or for more than 3.
    if (ids.length === 0 || ids.length > MAX_REPORTS_PER_DOWNLOAD || downloading) return;
    setDownloading(true);
    try {
      await downloadReports(principal, ids);
    } catch (failure) {
      setError(failure instanceof DownloadError ? failure.message : 'The download failed.');
    } finally {
      setDownloading(false);
    }
  };
  const types = data.frequencyTypes;
  const total = types.reduce((sum, type) => sum + (data.reports[type.code]?.length ?? 0), 0);
  return frame(
    <>
      <FollowCategory
        accessTypeCode={accessTypeCode}
        partnerCode={partnerCode}
        categoryCode={data.selectedCategory.code}
        categoryName={data.selectedCategory.name}
        frequencyTypes={types}
        following={dates.data.following}
        onFollowingChanged={(following) =>
          void dates.mutate((current) => current && { ...current, following }, { revalidate: false })
        }
      />
      <ReportDateFilter reportDates={dates.data.reportDates} value={filter} onChange={chooseFilter} />
      {error && (
        <Alert color="red" title="Download failed" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        {/* Announced as it changes; the disabled checkboxes point here (aria-describedby). */}
        <Text size="sm" c="dimmed" id={SELECTION_NOTE_ID} aria-live="polite">
          {selected.size} of {MAX_REPORTS_PER_DOWNLOAD} selected
          {selected.size >= MAX_REPORTS_PER_DOWNLOAD &&
            `. At most ${MAX_REPORTS_PER_DOWNLOAD} reports can be downloaded at once: clear one to choose another.`}
        </Text>
        <Button
          onClick={() => download([...selected.keys()])}
          loading={downloading}
          disabled={selected.size === 0}
        >
          Download
        </Button>
      </Group>
      {total === 0 ? (
        <EmptyState />
      ) : (
        <Tabs
          // Only the open tab's list is drawn: on a phone each hidden list cost its render (issue 24).
          keepMounted={false}
          defaultValue={
            types.find((t) => t.code === linkedTab && (data.reports[t.code]?.length ?? 0) > 0)?.code ??
            types.find((t) => (data.reports[t.code]?.length ?? 0) > 0)?.code ??
            types[0]?.code ??
            null
          }
        >
          <Tabs.List>
            {types.map((type) => (
              <Tabs.Tab key={type.code} value={type.code}>
                {type.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {types.map((type) => (
            <Tabs.Panel key={type.code} value={type.code} pt="sm">
              {(data.reports[type.code]?.length ?? 0) === 0 ? (
                <EmptyState />
              ) : (
                <ReportsTable
                  reports={data.reports[type.code] ?? []}
                  selected={new Set(selected.keys())}
                  onToggle={toggle}
                  limitNoteId={SELECTION_NOTE_ID}
                  onView={setViewing}
                  onDelete={hasFeature(principal, 'DELETE_REPORTS') ? setDeleting : undefined}
                />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {data.truncated && (
        <Text size="sm" c="dimmed">
          Only the newest reports of this range are listed. Choose a shorter range to see the others.
        </Text>
      )}
      <ReportPreviewModal
        report={viewing}
        onClose={() => setViewing(null)}
        onDownload={(report) => download([report.id])}
        downloading={downloading}
      />
      {deleting && (
        // §4, §8: a failed delete is logged only, and the dialog closes.
        <ConfirmDialog
          title="Delete report"
          message={deleteReportConfirmation(
            deleting.fileName,
            formatDate(deleting.reportDate),
            deleting.fileSize,
          )}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
          onFailure="close"
        />
      )}
    </>,
  );
}
