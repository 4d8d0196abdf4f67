import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { utcDateTime } from '@portal/domain/common/csv';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { pathOf } from '../../components/paths.js';
import { useSubmit } from '../../lib/use-submit.js';
import {
  deleteInvitation,
  type InvitationPageReply,
  resendInvitation,
  roleLabel,
  type SaasInvitation,
} from './saas-api.js';
import { NoticeAlert, useNotice } from './use-notice.js';

type Managed = NonNullable<InvitationPageReply['managed']>;

const STATUS_LABELS: Record<InvitationPageReply['status'], string> = {
  pending: 'Pending',
  expired: 'Expired',
  deleted: 'Deleted',
  used: 'Accepted',
  invalid: 'Not valid',
};

/**
 * The invitation as its tenant's administrators see it at its address (/invitation/{id}, the
 * invitationUrl of the lists and the CSV): to whom, which roles, its status and expiry, with
 * Resend and Delete while it is pending.
 */
export function InvitationDetails({
  status,
  managed,
  onChange,
}: {
  status: InvitationPageReply['status'];
  managed: Managed;
  onChange: () => void;
}) {
  const { invitation, tenantName, roles } = managed;
  const tenantId = invitation.tenantId;
  const { notice, setNotice, fail } = useNotice();
  const { busy: resending, submit } = useSubmit();
  const [deleting, setDeleting] = useState<SaasInvitation | null>(null);
  async function remove(row: SaasInvitation) {
    try {
      await deleteInvitation(tenantId, row);
      setNotice({ color: 'green', text: MESSAGES.invitationDeleted });
    } finally {
      onChange();
    }
  }

  async function resend() {
    await submit(() => resendInvitation(tenantId, invitation.invitationId), {
      done: () => setNotice({ color: 'green', text: MESSAGES.inviteSuccess }),
      failed: (error) => fail(MESSAGES.inviteFailurePrefix, error),
      settled: onChange,
    });
  }

  const facts: [string, string][] = [
    ['Email', invitation.emailAddress],
    ['Roles', roleLabel(roles)],
    ['Status', STATUS_LABELS[status]],
    ['Invited Time', utcDateTime(invitation.invitationCreationTimeStamp)],
    ['Invitation Expiry Time', utcDateTime(invitation.invitationExpirationTimeStamp)],
  ];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Invitation to {tenantName}
      </Title>
      <NoticeAlert notice={notice} />
      <Box component="dl" m={0}>
        {facts.map(([term, value]) => (
          <Group key={term} gap="xs" wrap="wrap" align="baseline">
            <Text component="dt" fw={600}>
              {term}:
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Box>
      {status === 'pending' && (
        <Group gap="xs">
          <Button onClick={resend} loading={resending}>
            Resend
          </Button>
          <Button variant="light" color="red" onClick={() => setDeleting(invitation)}>
            Delete
          </Button>
        </Group>
      )}
      {status === 'expired' && (
        <Anchor component={Link} to={pathOf('saasInvite', { tenantId })}>
          Invite {invitation.emailAddress} again
        </Anchor>
      )}
      <Anchor component={Link} to={pathOf('saasInvitations', { tenantId })}>
        Pending invitations of {tenantName}
      </Anchor>
      {deleting && (
        <ConfirmDialog
          title="Delete invitation"
          message={`Are you sure you want to delete the invitation of ${deleting.emailAddress}?`}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
