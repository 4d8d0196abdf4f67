import { Anchor, Text } from '@mantine/core';
import { INVITATION_OUTCOME_MESSAGES, isInvitationOutcome } from '@portal/domain/invitation';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame.js';

/**
 * Where an invitation link ends when it cannot be accepted (expired, deleted, used, another
 * address): says which. The invitation's own address (/invitation/{id}) explains the e-mail link.
 */
export default function InvitationStatusPage() {
  const [search] = useSearchParams();
  const { invitationId } = useParams();
  const status = search.get('status') ?? '';
  const message = isInvitationOutcome(status)
    ? INVITATION_OUTCOME_MESSAGES[status]
    : invitationId
      ? 'The invited person accepts this invitation with the link of their invitation e-mail, which asks them to sign in.'
      : INVITATION_OUTCOME_MESSAGES.invalid;
  return (
    <PageFrame title="Invitation">
      <Text data-testid="invitation-status">{message}</Text>
      <Anchor component={Link} to="/">
        Go to the portal home page
      </Anchor>
    </PageFrame>
  );
}
