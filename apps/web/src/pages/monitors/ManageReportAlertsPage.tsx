import { Button } from '@mantine/core';
import type { ReportMonitor, ReportMonitorListReply } from '@portal/domain/api/partners';
import type { CategoryListReply } from '@portal/domain/api/report-categories';
import { useState } from 'react';
import { del } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { type AdminColumn, AdminTable } from '../../components/list/AdminTable.js';
import { useAdminList } from '../../components/list/use-admin-list.js';
import { PageFrame } from '../../components/PageFrame.js';
import { alertSchedule } from './alert-schedule.js';
import { LastChecks } from './LastChecks.js';
import { MonitorDialog } from './MonitorDialog.js';

const FREQUENCY_OPTIONS = [
  { value: 'DLY', label: 'Day' },
  { value: 'WLY', label: 'Week' },
  { value: 'MLY', label: 'Month' },
];

const columns: AdminColumn<ReportMonitor>[] = [
  {
    label: 'Partner',
    sort: 'partner',
    filter: { key: 'partner' },
    render: (m) => `${m.partnerName} (${m.accessTypeCode}/${m.partnerCode})`,
  },
  { label: 'Report Category', sort: 'category', filter: { key: 'category' }, render: (m) => m.categoryName },
  {
    label: 'Frequency',
    sort: 'frequencyType',
    filter: { key: 'frequencyTypeCode', options: FREQUENCY_OPTIONS },
    render: alertSchedule,
  },
  {
    label: 'Sent To',
    render: (m) => (m.ownerEmails.length > 0 ? m.ownerEmails.join(', ') : 'No owners: no alert will be sent'),
  },
];

/** SPEC.md §2 /admin/report-alerts: every report monitor across partners, and the last checks. */
export default function ManageReportAlertsPage() {
  const list = useAdminList<ReportMonitorListReply>('/api/report-monitors', { sort: 'partner' });
  const { data: categories } = useApi<CategoryListReply>('/api/admin/categories?pageSize=100');
  const [editing, setEditing] = useState<ReportMonitor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReportMonitor | null>(null);
  return (
    <PageFrame
      trail={['admin']}
      actions={
        <Button onClick={() => setEditing('new')} disabled={categories === undefined}>
          Add
        </Button>
      }
    >
      <AdminTable
        list={list}
        rows={list.data?.monitors}
        columns={columns}
        rowKey={(m) => String(m.reportMonitorId)}
        rowLabel={(m) => `alert ${m.reportMonitorId}`}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {editing && categories && (
        <MonitorDialog
          categories={categories.categories}
          monitor={editing === 'new' ? null : editing}
          onSaved={() => list.mutate()}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete report alert"
          message={`Are you sure you want to delete the ${alertSchedule(deleting)} alert of ${deleting.partnerCode} for ${deleting.categoryName}?`}
          confirmLabel="Delete"
          onConfirm={async () => {
            await del(`/api/report-monitors/${deleting.reportMonitorId}`);
            await list.mutate();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
      <LastChecks />
    </PageFrame>
  );
}
