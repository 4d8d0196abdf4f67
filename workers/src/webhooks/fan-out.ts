import {
  type Database,
  findActiveUser,
  insertWebhookDeliveries,
  listEndpointsHearing,
  type ReportEvent,
  type UserWithAccess,
} from '@portal/db';
import { canAccessPartner } from '@portal/domain';
import { enqueue } from '@portal/queue';
import { currentTraceparent } from '@portal/telemetry';
import { eventBody, newDeliveryId } from '@portal/webhooks';
import type { Transaction } from 'kysely';

/**
 * Makes a delivery for each endpoint that hears each event, due `now`, and one job that wakes a
 * webhook dispatcher to claim them, in the caller's transaction. The endpoint's service account
 * must still have the event's partner: its grants decide what it may download, so they decide what
 * it hears. An event handed out again (a relay crash) makes nothing twice: deliveries are unique
 * per endpoint and event.
 */
export async function fanOutWebhooks(
  trx: Transaction<Database>,
  events: readonly ReportEvent[],
  now: Date,
): Promise<number> {
  const hearing = await listEndpointsHearing(
    trx,
    events.map((event) => event.eventId),
  );
  if (hearing.length === 0) return 0;
  const accounts = new Map<string, UserWithAccess | undefined>();
  for (const id of new Set(hearing.map((h) => h.serviceAccountId))) {
    accounts.set(id, await findActiveUser(trx, id));
  }
  const eventsById = new Map(events.map((event) => [event.eventId, event]));
  const deliveries = hearing.flatMap(({ endpointId, serviceAccountId, eventId }) => {
    const event = eventsById.get(eventId);
    const account = accounts.get(serviceAccountId);
    if (!event || !account || !canAccessPartner(account, event.accessTypeCode, event.partnerCode)) return [];
    return [
      {
        deliveryId: newDeliveryId(),
        endpointId,
        eventId,
        eventType: event.eventType,
        body: eventBody(event),
      },
    ];
  });
  // Each attempt, retries hours later included, is a span of the trace that made the delivery.
  const made = await insertWebhookDeliveries(trx, deliveries, {
    dueAt: now,
    traceparent: currentTraceparent(),
  });
  if (made.length > 0) await enqueue(trx, { name: 'webhooks.wake', payload: { reason: 'fan-out' } });
  return made.length;
}
