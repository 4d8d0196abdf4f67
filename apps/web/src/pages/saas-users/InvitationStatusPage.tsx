import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { InvitationPageReply } from '@portal/domain/api/tenants';
import {
  INVITATION_OUTCOME_MESSAGES,
  INVITATION_PENDING_MESSAGE,
  INVITATION_SIGN_IN_AGAIN_LAPSED,
  isInvitationOutcome,
  joinedTenantMessage,
} from '@portal/domain/saas-users/invitation';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useApiShowing } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { InvitationDetails } from './InvitationDetails.js';
import { invitationPath, signInAgainPath } from './saas-api.js';

/**
 * Where an invitation's journey lands. /invitation?status= says why a link did not work (expired,
 * deleted, used, not valid). /invitation/{id} is the invitation's own page: the person who accepted
 * it reads what they joined; a sign-in that came back as another person is offered to sign in as
 * the invited address; the tenant's administrators see the invitation with Resend and Delete;
 * anyone else is told its status and what to do.
 */
export default function InvitationStatusPage() {
  const [search] = useSearchParams();
  const { invitationId } = useParams();
  const status = search.get('status') ?? '';
  return (
    <PageFrame title="Invitation">
      {invitationId ? (
        <InvitationById invitationId={invitationId} mismatched={status === 'mismatched'} />
      ) : (
        <>
          <Text data-testid="invitation-status">
            {INVITATION_OUTCOME_MESSAGES[isInvitationOutcome(status) ? status : 'invalid']}
          </Text>
          <HomeLink />
        </>
      )}
    </PageFrame>
  );
}

function HomeLink() {
  return (
    <Anchor component={Link} to="/">
      Go to the portal home page
    </Anchor>
  );
}

function InvitationById({ invitationId, mismatched }: { invitationId: string; mismatched: boolean }) {
  const { data, failure, mutate } = useApiShowing<InvitationPageReply>(
    invitationPath(invitationId),
    [400, 404],
  );
  if (failure) {
    return (
      <>
        <Text data-testid="invitation-status">{INVITATION_OUTCOME_MESSAGES.invalid}</Text>
        <HomeLink />
      </>
    );
  }
  if (!data) return <CenteredLoader />;
  if (data.joined) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="green" role="status" title={joinedTenantMessage(data.joined.tenantName)} w="100%">
          {data.joined.roles.length > 0 && <Text size="sm">Your roles: {data.joined.roles.join(', ')}.</Text>}
        </Alert>
        <Button component={Link} to="/">
          Continue to the portal
        </Button>
      </Stack>
    );
  }
  const offerSignIn = mismatched && data.status === 'pending';
  return (
    <>
      {offerSignIn && (
        <Stack gap="sm" align="flex-start">
          <Text data-testid="invitation-status">{INVITATION_OUTCOME_MESSAGES.mismatched}</Text>
          {data.signInAs ? (
            // A navigation: the API starts the sign-in again at the sign-in server.
            <Button
              component="a"
              href={signInAgainPath(invitationId)}
              h="auto"
              py={6}
              maw="100%"
              styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
            >
              Sign in as {data.signInAs}
            </Button>
          ) : (
            <Text>{INVITATION_SIGN_IN_AGAIN_LAPSED}</Text>
          )}
        </Stack>
      )}
      {data.managed ? (
        <InvitationDetails status={data.status} managed={data.managed} onChange={() => mutate()} />
      ) : (
        !offerSignIn && (
          <Text data-testid="invitation-status">
            {data.status === 'pending'
              ? INVITATION_PENDING_MESSAGE
              : INVITATION_OUTCOME_MESSAGES[data.status]}
          </Text>
        )
      )}
      <HomeLink />
    </>
  );
}
