import { Button } from '@mantine/core';
import { MESSAGES, PAGES } from '@portal/domain';
import { pageCount } from '@portal/domain/admin/admin-paging';
import type { AllSaasUsersReply, SaasUser, SaasUsersReply } from '@portal/domain/api/tenants';
import { saasUsersCsv } from '@portal/domain/common/csv';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, failureMessage, get } from '../../api/api.js';
import { useApi, useThrowToBoundary } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageButtons } from '../../components/PageButtons.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';
import { downloadCsv } from '../../lib/download-csv.js';
import { allUsersPath, deleteUser, roleLabel, usersPath } from './saas-api.js';
import { useTenantName } from './use-tenant-name.js';

/** A tenant's users, 50 a page with the total, their roles, Edit and Delete, Invite and the CSV. */
export default function SaasUsersPage() {
  const params = useParams();
  const tenantId = params.tenantId ?? '';
  const tenantName = useTenantName(tenantId);
  const [page, setPage] = useState(1);
  const { data, mutate } = useApi<SaasUsersReply>(usersPath(tenantId, page), { keepPreviousData: true });
  const throwToBoundary = useThrowToBoundary();
  const [deleting, setDeleting] = useState<SaasUser | null>(null);
  async function remove(user: SaasUser) {
    try {
      await deleteUser(tenantId, user);
    } finally {
      await mutate();
    }
  }
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      downloadCsv(
        `${tenantId}-users.csv`,
        saasUsersCsv(await get<AllSaasUsersReply>(allUsersPath(tenantId))),
      );
    } catch (error) {
      throwToBoundary(error);
    } finally {
      setDownloading(false);
    }
  }

  const pages = data ? pageCount(data.count, data.limit) : null;
  return (
    <PageFrame
      title={`${PAGES.saasUsers.title}: ${tenantName}`}
      trail={['tenants']}
      actions={
        <>
          <Button component={Link} to={pathOf('saasInvitations', params)} variant="default">
            Pending Invitations
          </Button>
          <Button variant="default" onClick={download} loading={downloading}>
            Download CSV
          </Button>
          <Button component={Link} to={pathOf('saasInvite', params)}>
            Invite
          </Button>
        </>
      }
    >
      {!data ? (
        <CenteredLoader />
      ) : data.count === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ResponsiveTable
            label={`Users of ${tenantName}: ${data.count} in all`}
            captioned
            rows={data.users}
            rowKey={(user) => user.userId}
            columns={[
              { label: 'Email', render: (user) => user.emailAddress },
              { label: 'Name', render: (user) => `${user.firstName} ${user.lastName}`.trim() },
              { label: 'Roles', render: (user) => roleLabel(user.roles) },
            ]}
            actions={(user) => (
              <>
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={pathOf('saasEditRoles', { tenantId, userId: user.userId })}
                  aria-label={`Edit ${user.emailAddress}`}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => setDeleting(user)}
                  aria-label={`Delete ${user.emailAddress}`}
                >
                  Delete
                </Button>
              </>
            )}
          />
          <PageButtons
            page={page}
            pages={pages}
            hasNext={pages !== null && page < pages}
            withLast
            onPage={setPage}
          />
        </>
      )}
      {deleting && (
        // A refusal (a user ranked above the caller, one already gone) is told after §8's failure wording.
        <ConfirmDialog
          title="Delete user"
          message={`Are you sure you want to remove ${deleting.emailAddress} from ${tenantName}?`}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
          failureText={(failure) =>
            failure instanceof ApiError && failure.status >= 400 && failure.status < 500
              ? `${MESSAGES.userDeleteFailurePrefix}${failure.message}`
              : failureMessage(failure)
          }
        />
      )}
    </PageFrame>
  );
}
