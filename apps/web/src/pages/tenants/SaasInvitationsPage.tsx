import { Alert, Button, Table, Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { invitationsCsv, utcDateTime } from '@portal/domain/csv';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useApi, useThrowToBoundary } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageButtons } from '../../components/PageButtons.js';
import { PageFrame } from '../../components/PageFrame.js';
import { downloadCsv } from '../../lib/download-csv.js';
import { ConfirmModal, useConfirm } from '../admin/list/use-confirm.js';
import { allInvitations, deleteInvitation, type InvitationsReply, invitationsPath } from './saas-api.js';
import { useTenantName } from './use-tenant-name.js';

type Invitation = InvitationsReply['invitations'][number];
/** SPEC.md §4: 'Invitation was deleted successfully.' shows for 5 seconds. */
const DELETED_MESSAGE_MS = 5000;

/** Pending invitations, 100 a page with first, previous and next; delete with confirm; the CSV. */
export default function SaasInvitationsPage() {
  const tenantId = useParams().tenantId ?? '';
  const tenantName = useTenantName(tenantId);
  const [page, setPage] = useState(1);
  const { data, mutate } = useApi<InvitationsReply>(invitationsPath(tenantId, page), {
    keepPreviousData: true,
  });
  const throwToBoundary = useThrowToBoundary();
  const [deleted, setDeleted] = useState(false);
  const confirm = useConfirm<Invitation>(async (invitation) => {
    try {
      await deleteInvitation(tenantId, invitation);
      setDeleted(true);
    } catch (error) {
      throwToBoundary(error);
    }
    await mutate();
  });
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(false), DELETED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [deleted]);
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
      {deleted && (
        <Alert color="green" role="status">
          {MESSAGES.invitationDeleted}
        </Alert>
      )}
      {!data ? (
        <CenteredLoader />
      ) : data.invitations.length === 0 && page === 1 ? (
        <EmptyState />
      ) : (
        <>
          <Table striped>
            <Table.Caption>Pending invitations of {tenantName}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Invited Time</Table.Th>
                <Table.Th scope="col">Invitation Expiry Time</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.invitations.map((invitation) => (
                <Table.Tr key={invitation.invitationId}>
                  <Table.Td>{invitation.emailAddress}</Table.Td>
                  <Table.Td>{utcDateTime(invitation.invitationCreationTimeStamp)}</Table.Td>
                  <Table.Td>{utcDateTime(invitation.invitationExpirationTimeStamp)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => confirm.ask(invitation)}
                      aria-label={`Delete the invitation of ${invitation.emailAddress}`}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <PageButtons page={page} pages={null} hasNext={data.hasNext} withLast={false} onPage={setPage} />
        </>
      )}
      <ConfirmModal confirm={confirm} title="Delete invitation" confirmLabel="Delete">
        <Text>Are you sure you want to delete the invitation of {confirm.row?.emailAddress}?</Text>
      </ConfirmModal>
    </PageFrame>
  );
}
