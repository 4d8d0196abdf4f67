import { Button } from '@mantine/core';
import type { CodeName } from '@portal/domain/api/common';
import type { FrequencyTypeListReply } from '@portal/domain/api/frequency-types';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { type AdminColumn, AdminTable } from '../../components/list/AdminTable.js';
import { useAdminList } from '../../components/list/use-admin-list.js';
import { PageFrame } from '../../components/PageFrame.js';

const columns: AdminColumn<CodeName>[] = [
  { label: 'Code', sort: 'code', filter: { key: 'code' }, render: (f) => f.code },
  { label: 'Name', sort: 'name', filter: { key: 'name' }, render: (f) => f.name },
];

/** SPEC.md §2 Manage Frequency Types: list with column filters, Edit, Delete, Add. */
export default function ManageFrequencyTypesPage() {
  const list = useAdminList<FrequencyTypeListReply>('/api/frequency-types', { sort: 'code' });
  const [deleting, setDeleting] = useState<CodeName | null>(null);
  return (
    <PageFrame
      trail={['admin']}
      actions={
        <Button component={Link} to="/admin/frequency-types/new">
          Add
        </Button>
      }
    >
      <AdminTable
        list={list}
        rows={list.data?.frequencyTypes}
        columns={columns}
        rowKey={(f) => f.code}
        rowLabel={(f) => f.code}
        editPath={(f) => `/admin/frequency-types/${encodeURIComponent(f.code)}/edit`}
        onDelete={setDeleting}
      />
      {deleting && (
        <ConfirmDialog
          title="Delete frequency type"
          message={`Are you sure you want to delete the frequency type ${deleting.name} (${deleting.code})?`}
          confirmLabel="Delete"
          onConfirm={async () => {
            await del(`/api/frequency-types/${encodeURIComponent(deleting.code)}`);
            await list.mutate();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
