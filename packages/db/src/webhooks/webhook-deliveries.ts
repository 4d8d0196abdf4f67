import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db.js';

// Webhook deliveries and their attempts (issue 28). A delivery is one event to one endpoint, made
// once (unique per endpoint and event, so an event handed out twice is delivered once); its body is
// fixed then, and its id is the webhook-id of every attempt.

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** An event an endpoint hears, with the service account whose grants are checked before it is made. */
export type EndpointHearing = { endpointId: string; serviceAccountId: string; eventId: string };

/**
 * The enabled endpoints that hear these events: one of their partners is the event's, their
 * categories are none (every one) or include its category, and their event types include its type.
 * Endpoints of a disabled service account are left out; its grants are the caller's to check.
 */
export async function listEndpointsHearing(db: Db, eventIds: readonly string[]): Promise<EndpointHearing[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('report_events as e')
    .innerJoin('webhook_endpoint_partners as ep', 'ep.partner_id', 'e.partner_id')
    .innerJoin('webhook_endpoints as w', 'w.endpoint_id', 'ep.endpoint_id')
    .innerJoin('users as u', 'u.user_id', 'w.service_account_id')
    .select([
      'w.endpoint_id as endpointId',
      'w.service_account_id as serviceAccountId',
      'e.event_id as eventId',
    ])
    .where('e.event_id', '=', sql<string>`any(${sql.val([...eventIds])}::uuid[])`)
    .where('w.enabled', '=', true)
    .where('u.disabled_at', 'is', null)
    .where(sql<boolean>`e.event_type = any(w.event_types)`)
    .where((eb) =>
      eb.or([
        eb(sql`cardinality(w.category_codes)`, '=', 0),
        eb('e.category_code', '=', sql<string>`any(w.category_codes)`),
      ]),
    )
    .orderBy('e.occurred_at')
    .orderBy('e.event_id')
    .orderBy('w.endpoint_id')
    .execute();
}

export type NewWebhookDelivery = {
  deliveryId: string;
  endpointId: string;
  eventId: string | null;
  eventType: string;
  body: string;
};

/** Inserts the deliveries not made yet (per endpoint and event); returns the ids of those it made. */
export async function insertWebhookDeliveries(
  db: Db,
  deliveries: readonly NewWebhookDelivery[],
): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = await db
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((d) => ({
        delivery_id: d.deliveryId,
        endpoint_id: d.endpointId,
        event_id: d.eventId,
        event_type: d.eventType,
        body: d.body,
      })),
    )
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
    .returning('delivery_id')
    .execute();
  return rows.map((row) => row.delivery_id);
}

export type DeliveryToSend = {
  deliveryId: string;
  endpointId: string;
  eventType: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  /** The event's partner; null for a test event. */
  accessTypeCode: string | null;
  partnerCode: string | null;
};

export async function findDeliveryToSend(db: Db, deliveryId: string): Promise<DeliveryToSend | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .leftJoin('report_events as e', 'e.event_id', 'd.event_id')
    .leftJoin('partners as p', 'p.partner_id', 'e.partner_id')
    .select([
      'd.delivery_id as deliveryId',
      'd.endpoint_id as endpointId',
      'd.event_type as eventType',
      'd.body',
      'd.status',
      'd.attempts',
      'p.access_type_code as accessTypeCode',
      'p.code as partnerCode',
    ])
    .where('d.delivery_id', '=', deliveryId)
    .executeTakeFirst();
}

export type WebhookAttempt = {
  startedAt: Date;
  durationMs: number;
  responseStatus: number | null;
  error: string | null;
  /**
   * Where the host resolved, when the attempt was refused for it. Kept apart from `error`, which a
   * manager reads: only an internal administrator is shown what an internal name resolves to.
   */
  refusedAddress?: string | null;
};

/**
 * Records one attempt and the delivery's state after it; returns the attempt's number. Run it in the
 * transaction that counts the endpoint's failures, right after the response.
 */
export async function recordWebhookAttempt(
  db: Db,
  deliveryId: string,
  attempt: WebhookAttempt & { status: DeliveryStatus },
): Promise<number> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      status: attempt.status,
      last_response_status: attempt.responseStatus,
      last_error: attempt.error,
      succeeded_at: attempt.status === 'succeeded' ? sql<Date>`now()` : null,
    }))
    .where('delivery_id', '=', deliveryId)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('webhook_delivery_attempts')
    .values({
      delivery_id: deliveryId,
      attempt: row.attempts,
      started_at: attempt.startedAt,
      duration_ms: attempt.durationMs,
      response_status: attempt.responseStatus,
      error: attempt.error?.slice(0, 2000) ?? null,
      refused_address: attempt.refusedAddress ?? null,
    })
    .execute();
  return row.attempts;
}

/** A delivery given up without sending (endpoint disabled, access lost): why, in its log. */
export async function failWebhookDelivery(db: Db, deliveryId: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason })
    .where('delivery_id', '=', deliveryId)
    .where('status', '<>', 'succeeded')
    .execute();
}

/** Back to pending for a redelivery by hand; returns its attempts so far, or undefined if not there. */
export async function reopenWebhookDelivery(
  db: Db,
  endpointId: string,
  deliveryId: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', succeeded_at: null })
    .where('delivery_id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

export type WebhookDeliveryLog = {
  deliveryId: string;
  eventId: string | null;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  lastResponseStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  succeededAt: Date | null;
  attemptLog: {
    attempt: number;
    startedAt: string;
    durationMs: number;
    responseStatus: number | null;
    error: string | null;
    refusedAddress: string | null;
  }[];
};

/** An endpoint's deliveries, newest first, each with its attempts in order. */
export async function listWebhookDeliveries(
  db: Db,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryLog[]> {
  return db
    .selectFrom('webhook_deliveries as d')
    .select((eb) => [
      'd.delivery_id as deliveryId',
      'd.event_id as eventId',
      'd.event_type as eventType',
      'd.status',
      'd.attempts',
      'd.last_response_status as lastResponseStatus',
      'd.last_error as lastError',
      'd.created_at as createdAt',
      'd.succeeded_at as succeededAt',
      jsonArrayFrom(
        eb
          .selectFrom('webhook_delivery_attempts as a')
          .select([
            'a.attempt',
            'a.started_at as startedAt',
            'a.duration_ms as durationMs',
            'a.response_status as responseStatus',
            'a.error',
            'a.refused_address as refusedAddress',
          ])
          .whereRef('a.delivery_id', '=', 'd.delivery_id')
          .orderBy('a.attempt'),
      ).as('attemptLog'),
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.delivery_id', 'desc')
    .limit(limit)
    .execute() as Promise<WebhookDeliveryLog[]>;
}
