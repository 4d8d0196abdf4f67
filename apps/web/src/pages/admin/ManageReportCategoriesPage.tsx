import { Button } from '@mantine/core';
import type { CategoryListReply } from '@portal/domain/api/report-categories';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { type AdminColumn, AdminTable } from '../../components/list/AdminTable.js';
import { useAdminList } from '../../components/list/use-admin-list.js';
import { PageFrame } from '../../components/PageFrame.js';
import {
  CATEGORIES_LIST_PATH,
  type CategoryRow,
  categoryEditPath,
} from './report-categories/categories-api.js';

const columns: AdminColumn<CategoryRow>[] = [
  { label: 'Code', sort: 'code', filter: { key: 'code' }, render: (c) => c.code },
  { label: 'Name', sort: 'name', filter: { key: 'name' }, render: (c) => c.name },
  { label: 'Frequency Types', render: (c) => c.frequencyTypes.map((f) => f.name).join(', ') },
  { label: 'External Link', render: (c) => c.externalLink ?? '' },
  { label: 'Owner Emails', render: (c) => c.ownerEmails.join(', ') },
  { label: 'Partners', render: (c) => c.partnerCount },
];

/** SPEC.md §2 Manage Report Categories: server-paged list with column filters, Edit, Delete, Add. */
export default function ManageReportCategoriesPage() {
  const list = useAdminList<CategoryListReply>(CATEGORIES_LIST_PATH, { sort: 'name' });
  const [deleting, setDeleting] = useState<CategoryRow | null>(null);
  return (
    <PageFrame
      trail={['admin']}
      actions={
        <Button component={Link} to="/admin/report-categories/new">
          Add
        </Button>
      }
    >
      <AdminTable
        list={list}
        rows={list.data?.categories}
        columns={columns}
        rowKey={(c) => c.code}
        rowLabel={(c) => c.code}
        editPath={(c) => categoryEditPath(c.code)}
        onDelete={setDeleting}
      />
      {deleting && (
        <ConfirmDialog
          title="Delete report category"
          message={`Are you sure you want to delete the report category ${deleting.name} (${deleting.code})?`}
          confirmLabel="Delete"
          onConfirm={async () => {
            await del(`/api/categories/${encodeURIComponent(deleting.code)}`);
            await list.mutate();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
