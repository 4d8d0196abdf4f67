import { Anchor, Button } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { InvitationsReply } from '@portal/domain/api/tenants';
import { invitationsCsv, utcDateTime } from '@portal/domain/common/csv';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApi, useThrowToBoundary } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageButtons } from '../../components/PageButtons.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';
import { downloadCsv } from '../../lib/download-csv.js';
import { useSubmit } from '../../lib/use-submit.js';
import { allInvitations, deleteInvitation, invitationsPath, resendInvitation } from './saas-api.js';
import { NoticeAlert, useNotice } from './use-notice.js';
import { useTenantName } from './use-tenant-name.js';

type Invitation = InvitationsReply['invitations'][number];

/**
 * Pending invitations, 100 a page with first, previous and next; Resend, Delete with confirm; the
 * CSV. 'Invitation was deleted successfully.' shows for 5 seconds (SPEC.md §4), and so do the
 * invite wording's success and failure after a resend (§8).
 */
export default function SaasInvitationsPage() {
  const tenantId = useParams().tenantId ?? '';
  const tenantName = useTenantName(tenantId);
  const [page, setPage] = useState(1);
  const { data, mutate } = useApi<InvitationsReply>(invitationsPath(tenantId, page), {
    keepPreviousData: true,
  });
  const throwToBoundary = useThrowToBoundary();
  const { notice, setNotice, fail } = useNotice();
  const [deleting, setDeleting] = useState<Invitation | null>(null);
  async function remove(invitation: Invitation) {
    try {
      await deleteInvitation(tenantId, invitation);
      setNotice({ color: 'green', text: MESSAGES.invitationDeleted });
    } finally {
      await mutate();
    }
  }
  const [resending, setResending] = useState<string | null>(null);
  const { submit } = useSubmit();

  async function resend(invitation: Invitation) {
    setResending(invitation.invitationId);
    await submit(() => resendInvitation(tenantId, invitation.invitationId), {
      done: () => setNotice({ color: 'green', text: MESSAGES.inviteSuccess }),
      failed: (error) => fail(MESSAGES.inviteFailurePrefix, error),
      settled: async () => {
        setResending(null);
        await mutate();
      },
    });
  }
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      downloadCsv(`${tenantId}-invitations.csv`, invitationsCsv(await allInvitations(tenantId)));
    } catch (error) {
      throwToBoundary(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <PageFrame
      trail={['tenants', { page: 'saasUsers', label: tenantName }]}
      actions={
        <Button variant="default" onClick={download} loading={downloading}>
          Download CSV
        </Button>
      }
    >
      <NoticeAlert notice={notice} />
      {!data ? (
        <CenteredLoader />
      ) : data.invitations.length === 0 && page === 1 ? (
        <EmptyState />
      ) : (
        <>
          <ResponsiveTable
            label={`Pending invitations of ${tenantName}`}
            captioned
            rows={data.invitations}
            rowKey={(invitation) => invitation.invitationId}
            columns={[
              {
                label: 'Email',
                render: (invitation) => (
                  <Anchor component={Link} to={`/invitation/${invitation.invitationId}`}>
                    {invitation.emailAddress}
                  </Anchor>
                ),
              },
              { label: 'Invited Time', render: (i) => utcDateTime(i.invitationCreationTimeStamp) },
              {
                label: 'Invitation Expiry Time',
                render: (i) => utcDateTime(i.invitationExpirationTimeStamp),
              },
            ]}
            actions={(invitation) => (
              <>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => resend(invitation)}
                  loading={resending === invitation.invitationId}
                  disabled={resending !== null && resending !== invitation.invitationId}
                  aria-label={`Resend the invitation of ${invitation.emailAddress}`}
                >
                  Resend
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => setDeleting(invitation)}
                  aria-label={`Delete the invitation of ${invitation.emailAddress}`}
                >
                  Delete
                </Button>
              </>
            )}
          />
          <PageButtons page={page} pages={null} hasNext={data.hasNext} withLast={false} onPage={setPage} />
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete invitation"
          message={`Are you sure you want to delete the invitation of ${deleting.emailAddress}?`}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
