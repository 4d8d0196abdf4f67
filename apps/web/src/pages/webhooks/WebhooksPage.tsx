import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { WebhookEndpoint, WebhookEndpointWithSecret, WebhooksReply } from '@portal/domain/api/webhooks';
import { useState } from 'react';
import { del, failureMessage, post } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';
import { DeliveriesModal } from './DeliveriesModal.js';
import { NewWebhookModal } from './NewWebhookModal.js';
import { SecretModal } from './SecretModal.js';
import { endpointPath, formatUtcTime, partnerKey, WEBHOOKS_PATH } from './webhooks.js';

// Webhook endpoints of service accounts (issue 28): signed report events for partners' systems.
// Internal admins manage every endpoint, a partner manager those of their own partners.

type Dialog =
  | { kind: 'create' }
  | { kind: 'secret'; title: string; created: WebhookEndpointWithSecret }
  | { kind: 'deliveries'; endpoint: WebhookEndpoint }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint };

export default function WebhooksPage() {
  const { data, mutate } = useApi<WebhooksReply>(WEBHOOKS_PATH);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => setDialog(null);

  async function act(endpoint: WebhookEndpoint, action: 'test' | 'enable') {
    setError(null);
    setNotice(null);
    try {
      await post(`${endpointPath(endpoint)}/${action}`);
      setNotice(
        action === 'test'
          ? `A test event is on its way to ${endpoint.url}.`
          : `${endpoint.url} is enabled again.`,
      );
      await mutate();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }

  return (
    <PageFrame
      trail={['admin']}
      actions={<Button onClick={() => setDialog({ kind: 'create' })}>Add endpoint</Button>}
    >
      <Stack>
        <ErrorAlert message={error} />
        {notice && (
          <Text role="status" size="sm">
            {notice}
          </Text>
        )}
        {data === undefined ? (
          <CenteredLoader />
        ) : data.endpoints.length === 0 ? (
          <EmptyState />
        ) : (
          <EndpointsTable
            endpoints={data.endpoints}
            onOpen={setDialog}
            onTest={(endpoint) => void act(endpoint, 'test')}
            onEnable={(endpoint) => void act(endpoint, 'enable')}
          />
        )}
      </Stack>

      {dialog?.kind === 'create' && data && (
        <NewWebhookModal
          options={data}
          onClose={close}
          onCreated={(created) => {
            setDialog({ kind: 'secret', title: 'Endpoint added', created });
            void mutate();
          }}
        />
      )}
      {dialog?.kind === 'secret' && (
        <SecretModal
          title={dialog.title}
          secret={dialog.created.secret}
          url={dialog.created.endpoint.url}
          overlapUntil={
            dialog.created.endpoint.previousSecretExpiresAt &&
            formatUtcTime(dialog.created.endpoint.previousSecretExpiresAt)
          }
          onClose={close}
        />
      )}
      {dialog?.kind === 'deliveries' && <DeliveriesModal endpoint={dialog.endpoint} onClose={close} />}
      {dialog?.kind === 'rotate' && (
        <ConfirmDialog
          title="Rotate secret"
          message={`Make a new signing secret for ${dialog.endpoint.url}? The current one keeps signing beside it for 24 hours.`}
          confirmLabel="Rotate"
          onClose={close}
          onConfirm={async () => {
            const rotated = await post<WebhookEndpointWithSecret>(
              `${endpointPath(dialog.endpoint)}/rotate-secret`,
            );
            await mutate();
            // The confirm dialog closes itself after this resolves; the secret shows next.
            setTimeout(() => setDialog({ kind: 'secret', title: 'Secret rotated', created: rotated }));
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete endpoint"
          message={`Delete the endpoint ${dialog.endpoint.url}? Nothing more is sent to it, and its delivery log goes with it.`}
          confirmLabel="Delete"
          onClose={close}
          onConfirm={async () => {
            await del(endpointPath(dialog.endpoint));
            await mutate();
          }}
        />
      )}
    </PageFrame>
  );
}

/** A line of the "Sends" column: what it is, then the list. */
function Sends({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

/**
 * The endpoints, in few columns so that the table and its row actions fit a 1366 px window beside the
 * navigation: the endpoint with its service account, what it is sent, and its state; the actions wrap.
 */
function EndpointsTable({
  endpoints,
  onOpen,
  onTest,
  onEnable,
}: {
  endpoints: WebhookEndpoint[];
  onOpen: (dialog: Dialog) => void;
  onTest: (endpoint: WebhookEndpoint) => void;
  onEnable: (endpoint: WebhookEndpoint) => void;
}) {
  return (
    <ResponsiveTable
      label="Webhook endpoints"
      rows={endpoints}
      rowKey={(e) => e.endpointId}
      columns={[
        {
          label: 'Endpoint',
          render: (e) => (
            <Stack gap={2}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {e.url}
              </Text>
              {e.description && (
                <Text size="xs" c="dimmed">
                  {e.description}
                </Text>
              )}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Service account: {e.serviceAccountName} ({e.serviceAccountId})
              </Text>
            </Stack>
          ),
        },
        {
          label: 'Sends',
          render: (e) => (
            <Stack gap={2}>
              <Sends label="Partners" value={e.partners.map(partnerKey).join(', ')} />
              <Sends
                label="Categories"
                value={e.categoryCodes.length === 0 ? 'All' : e.categoryCodes.join(', ')}
              />
              <Sends label="Events" value={e.eventTypes.join(', ')} />
            </Stack>
          ),
        },
        {
          label: 'Status',
          render: (e) => (
            <Stack gap={2} align="flex-start">
              {e.enabled ? (
                <Badge color="green" variant="light" style={{ minWidth: 'max-content' }}>
                  Enabled
                </Badge>
              ) : (
                <>
                  <Badge color="red" variant="light" style={{ minWidth: 'max-content' }}>
                    Disabled
                  </Badge>
                  {e.disabledReason && <Text size="xs">{e.disabledReason}</Text>}
                </>
              )}
              <Text size="xs">Failures in a row: {e.consecutiveFailures}</Text>
            </Stack>
          ),
        },
      ]}
      actions={(e) => (
        // Wrapped in a narrow column: five buttons in a row made the table wider than its place.
        <Group gap="xs" maw={250}>
          <Button size="xs" variant="light" onClick={() => onOpen({ kind: 'deliveries', endpoint: e })}>
            Deliveries
          </Button>
          <Button size="xs" variant="light" onClick={() => onTest(e)}>
            Send test event
          </Button>
          {!e.enabled && (
            <Button size="xs" onClick={() => onEnable(e)}>
              Enable
            </Button>
          )}
          <Button size="xs" variant="light" onClick={() => onOpen({ kind: 'rotate', endpoint: e })}>
            Rotate secret
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => onOpen({ kind: 'delete', endpoint: e })}
          >
            Delete
          </Button>
        </Group>
      )}
    />
  );
}
