import { Badge, Button } from '@mantine/core';
import type { Partner, PartnerListReply } from '@portal/domain/api/partners';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { type AdminColumn, AdminTable } from '../../components/list/AdminTable.js';
import { useAdminList } from '../../components/list/use-admin-list.js';
import { PageFrame } from '../../components/PageFrame.js';
import { PARTNERS_LIST_PATH, partnerEditPath } from './partners/partners-api.js';

/** SPEC.md §2 Manage Partners: the server-paged partner list with column filters, Edit, Delete, Add. */
export default function ManagePartnersPage() {
  const list = useAdminList<PartnerListReply>(PARTNERS_LIST_PATH, { sort: 'name' });
  const [deleting, setDeleting] = useState<Partner | null>(null);
  const data = list.data;
  const alertCount = (partner: Partner) =>
    data?.monitors.filter((m) => m.accessTypeCode === partner.type && m.partnerCode === partner.code)
      .length ?? 0;

  const columns: AdminColumn<Partner>[] = [
    {
      label: 'Type',
      sort: 'type',
      filter: {
        key: 'type',
        options: (data?.accessTypes ?? []).map((a) => ({ value: a.code, label: a.code })),
      },
      render: (p) => p.type,
    },
    { label: 'Code', sort: 'code', filter: { key: 'code' }, render: (p) => p.code },
    { label: 'Name', sort: 'name', filter: { key: 'name' }, render: (p) => p.name },
    {
      label: 'Categories',
      filter: {
        key: 'category',
        options: (data?.categories ?? []).map((c) => ({ value: c.code, label: c.name })),
      },
      render: (p) => p.categories.map((c) => c.name).join(', '),
    },
    {
      label: 'Alerts',
      render: (p) => (alertCount(p) > 0 ? <Badge variant="light">{alertCount(p)}</Badge> : null),
    },
  ];

  return (
    <PageFrame
      trail={['admin']}
      actions={
        <Button component={Link} to="/admin/partners/new">
          Add
        </Button>
      }
    >
      <AdminTable
        list={list}
        rows={data?.partners}
        columns={columns}
        rowKey={(p) => `${p.type}/${p.code}`}
        rowLabel={(p) => `${p.type}/${p.code}`}
        editPath={partnerEditPath}
        onDelete={setDeleting}
      />
      {deleting && (
        <ConfirmDialog
          title="Delete partner"
          message={`Are you sure you want to delete the partner ${deleting.name} (${deleting.type}/${deleting.code})? Its categories and report alerts are deleted with it.`}
          confirmLabel="Delete"
          onConfirm={async () => {
            await del(
              `/api/partners/${encodeURIComponent(deleting.type)}/${encodeURIComponent(deleting.code)}`,
            );
            await list.mutate();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
