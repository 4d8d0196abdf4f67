import { Button, Text } from '@mantine/core';
import { DASHBOARD_TYPE_NAMES, normalizeDashboardType } from '@portal/domain';
import type { Dashboard, Dashboards } from '@portal/domain/api/dashboards';
import { useState } from 'react';
import { del } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';
import { DashboardForm } from './DashboardForm.js';

// /admin/dashboards (MANAGE_DASHBOARDS): every dashboard with column filters, Add, Edit and Delete
// with a confirm dialog (SPEC.md §2 admin list tables).
const COLUMNS = [
  'partner',
  'dashboardName',
  'dashboardType',
  'dashboardUrl',
  'dashboardContentType',
] as const;
type Column = (typeof COLUMNS)[number];
const HEADINGS: Record<Column, string> = {
  partner: 'Partner',
  dashboardName: 'Name',
  dashboardType: 'Type',
  dashboardUrl: 'URL',
  dashboardContentType: 'Content Type',
};

function cell(dashboard: Dashboard, column: Column): string {
  if (column === 'partner') return `${dashboard.partner.type} / ${dashboard.partner.code}`;
  if (column === 'dashboardType') {
    const type = normalizeDashboardType(dashboard.dashboardType);
    return type ? DASHBOARD_TYPE_NAMES[type] : dashboard.dashboardType;
  }
  return dashboard[column] ?? '';
}

export default function ManageDashboardsPage() {
  const { data: dashboards, mutate } = useApi<Dashboards>('/api/dashboards');
  const [filters, setFilters] = useState<Record<Column, string>>({
    partner: '',
    dashboardName: '',
    dashboardType: '',
    dashboardUrl: '',
    dashboardContentType: '',
  });
  const [editing, setEditing] = useState<Dashboard | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Dashboard | null>(null);
  async function remove(dashboard: Dashboard) {
    await del(`/api/dashboards/${dashboard.dashboardId}`);
    await mutate();
  }

  const shown = (dashboards ?? []).filter((d) =>
    COLUMNS.every((column) => cell(d, column).toLowerCase().includes(filters[column].trim().toLowerCase())),
  );
  const accessTypes = [...new Set(['EXT', 'INT', ...(dashboards ?? []).map((d) => d.partner.type)])];

  return (
    <PageFrame trail={['admin']} actions={<Button onClick={() => setEditing('new')}>Add</Button>}>
      {dashboards === undefined ? (
        <CenteredLoader />
      ) : (
        <ResponsiveTable
          label="Dashboards"
          rows={shown}
          columns={COLUMNS.map((column) => ({
            label: HEADINGS[column],
            render: (dashboard: Dashboard) => (
              <Text size="sm" lineClamp={2}>
                {cell(dashboard, column)}
              </Text>
            ),
            filter: {
              value: filters[column],
              onChange: (value: string) => setFilters({ ...filters, [column]: value }),
            },
          }))}
          rowKey={(dashboard) => dashboard.dashboardId}
          actions={(dashboard) => (
            <>
              <Button
                size="xs"
                variant="light"
                onClick={() => setEditing(dashboard)}
                aria-label={`Edit the dashboard ${dashboard.dashboardName}`}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setDeleting(dashboard)}
                aria-label={`Delete the dashboard ${dashboard.dashboardName}`}
              >
                Delete
              </Button>
            </>
          )}
        />
      )}
      {dashboards !== undefined && shown.length === 0 && <EmptyState />}
      {editing !== null && (
        <DashboardForm
          dashboard={editing === 'new' ? null : editing}
          accessTypes={accessTypes}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void mutate();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Dashboard"
          message={`Are you sure you want to delete the dashboard '${deleting.dashboardName}'?`}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
