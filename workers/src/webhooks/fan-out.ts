import {
  type Database,
  findActiveUser,
  insertWebhookDeliveries,
  listEndpointsHearing,
  type ReportEvent,
  type UserWithAccess,
} from '@portal/db';
import { canAccessPartner } from '@portal/domain';
import { enqueueMany } from '@portal/queue';
import { eventBody, newDeliveryId } from '@portal/webhooks';
import type { Transaction } from 'kysely';

/** The BullMQ job id of a delivery's first sending (a redelivery by hand has its own). */
export const deliveryJobId = (deliveryId: string) => `webhook-${deliveryId}`;

/**
 * Makes a delivery for each endpoint that hears each event and queues it, in the caller's
 * transaction. The endpoint's service account must still have the event's partner: its grants
 * decide what it may download, so they decide what it hears. An event handed out again (a relay
 * crash) makes nothing twice: deliveries are unique per endpoint and event.
 */
export async function fanOutWebhooks(
  trx: Transaction<Database>,
  events: readonly ReportEvent[],
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
  const made = await insertWebhookDeliveries(trx, deliveries);
  await enqueueMany(
    trx,
    made.map((deliveryId) => ({
      name: 'webhooks.deliver' as const,
      payload: { deliveryId },
      jobId: deliveryJobId(deliveryId),
    })),
  );
  return made.length;
}
