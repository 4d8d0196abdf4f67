import { Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { WebhookDeliveries, WebhookDelivery, WebhookEndpoint } from '@portal/domain/api/webhooks';
import { useState } from 'react';
import { failureMessage, post } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';
import { endpointPath, formatUtcTime } from './webhooks.js';

const STATUS_COLORS = { succeeded: 'green', pending: 'blue', waiting: 'yellow', failed: 'red' } as const;

/** What the status column says: a pending delivery held back by its failing endpoint is waiting. */
const shownStatus = (delivery: WebhookDelivery) => (delivery.waiting ? 'waiting' : delivery.status);

/** Why a pending delivery has not gone yet, or when it goes next. */
function Pending({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.waiting) {
    return (
      <Text size="xs">
        Waiting: endpoint failing since {formatUtcTime(delivery.waiting.endpointFailingSince)}; next probe{' '}
        {formatUtcTime(delivery.waiting.nextProbeAt)}
      </Text>
    );
  }
  if (delivery.nextAttemptAt === null || delivery.attemptLog.length === 0) return null;
  return <Text size="xs">Next attempt {formatUtcTime(delivery.nextAttemptAt)}</Text>;
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap={2}>
      {delivery.attemptLog.length === 0 && <Text c="dimmed">Not tried yet</Text>}
      {delivery.attemptLog.map((a) => (
        <Text size="xs" key={a.attempt}>
          #{a.attempt} · {formatUtcTime(a.startedAt)} · {a.durationMs} ms ·{' '}
          {a.responseStatus === null ? (a.error ?? 'no response') : `HTTP ${a.responseStatus}`}
          {a.refusedAddress !== undefined && ` (${a.refusedAddress})`}
          {a.traceId !== null && ` · trace ${a.traceId}`}
        </Text>
      ))}
      {delivery.status === 'pending' && <Pending delivery={delivery} />}
    </Stack>
  );
}

/** An endpoint's delivery log, newest first, with a Redeliver button per delivery. */
export function DeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const path = `${endpointPath(endpoint)}/deliveries`;
  const { data, mutate } = useApi<WebhookDeliveries>(path);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function redeliver(delivery: WebhookDelivery) {
    setError(null);
    try {
      await post(`${path}/${encodeURIComponent(delivery.deliveryId)}/redeliver`);
      setNotice(`Delivery ${delivery.deliveryId} queued again.`);
      await mutate();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Deliveries to ${endpoint.url}`} centered size="xl">
      <Stack>
        <ErrorAlert message={error} />
        {notice && (
          <Text role="status" size="sm">
            {notice}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={() => void mutate()}>
            Refresh
          </Button>
        </Group>
        {data === undefined ? (
          <Group justify="center">
            <Loader role="status" aria-label="Loading deliveries" />
          </Group>
        ) : data.deliveries.length === 0 ? (
          <Text>No deliveries yet.</Text>
        ) : (
          <ResponsiveTable
            label="Deliveries"
            rows={data.deliveries}
            rowKey={(d) => d.deliveryId}
            columns={[
              { label: 'Created', render: (d) => formatUtcTime(d.createdAt) },
              { label: 'Event', render: (d) => d.eventType },
              {
                label: 'Status',
                render: (d) => (
                  // Never narrower than its word: squeezed by the columns beside it, it showed "SU…".
                  <Badge
                    color={STATUS_COLORS[shownStatus(d)]}
                    variant="light"
                    style={{ minWidth: 'max-content' }}
                  >
                    {shownStatus(d)}
                  </Badge>
                ),
              },
              {
                label: 'Response',
                render: (d) => (d.lastResponseStatus === null ? '—' : String(d.lastResponseStatus)),
              },
              { label: 'Attempts', render: (d) => <Attempts delivery={d} /> },
              {
                label: 'Webhook ID',
                render: (d) => (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {d.deliveryId}
                  </Text>
                ),
              },
            ]}
            actions={(d) => (
              <Button
                size="xs"
                variant="light"
                onClick={() => void redeliver(d)}
                aria-label={`Redeliver ${d.deliveryId}`}
              >
                Redeliver
              </Button>
            )}
          />
        )}
      </Stack>
    </Modal>
  );
}
