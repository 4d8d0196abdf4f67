import { Button } from '@mantine/core';
import type { AdminUser, UserListReply } from '@portal/domain/api/users';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { type AdminColumn, AdminTable } from '../../components/list/AdminTable.js';
import { useAdminList } from '../../components/list/use-admin-list.js';
import { PageFrame } from '../../components/PageFrame.js';
import { EXTERNAL_USERS_PATH, userEditPath } from './users/users-api.js';

const columns: AdminColumn<AdminUser>[] = [
  { label: 'User Id', sort: 'userId', filter: { key: 'userId' }, render: (u) => u.userId },
  { label: 'First Name', sort: 'firstName', filter: { key: 'firstName' }, render: (u) => u.firstName },
  { label: 'Last Name', sort: 'lastName', filter: { key: 'lastName' }, render: (u) => u.lastName },
  { label: 'Email', sort: 'email', filter: { key: 'email' }, render: (u) => u.email },
  { label: 'Phone', render: (u) => u.phone ?? '' },
];

/** SPEC.md §2 /admin/users, titled 'Manage Internal Users' although it lists external users. */
export default function ManageExternalUsersPage() {
  const list = useAdminList<UserListReply>(EXTERNAL_USERS_PATH, { sort: 'userId' });
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const csvQuery = new URLSearchParams(
    Object.entries(list.state.filters).filter(([, value]) => value.trim() !== ''),
  ).toString();
  return (
    <PageFrame
      trail={['admin']}
      actions={
        <>
          <Button
            variant="default"
            component="a"
            href={`${EXTERNAL_USERS_PATH}/download?${csvQuery}`}
            download
          >
            Download CSV
          </Button>
          <Button component={Link} to="/admin/users/new">
            Add
          </Button>
        </>
      }
    >
      <AdminTable
        list={list}
        rows={list.data?.users}
        columns={columns}
        rowKey={(u) => u.userId}
        rowLabel={(u) => u.userId}
        editPath={(u) => userEditPath(u.userId)}
        onDelete={setDeleting}
      />
      {deleting && (
        <ConfirmDialog
          title="Delete user"
          message={`Are you sure you want to delete the user ${deleting.userId} (${deleting.firstName} ${deleting.lastName})?`}
          confirmLabel="Delete"
          onConfirm={async () => {
            await del(`/api/users/${encodeURIComponent(deleting.userId)}`);
            await list.mutate();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
