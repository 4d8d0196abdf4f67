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

/**
 * Inserts the deliveries not made yet (per endpoint and event), due at `dueAt` (the caller's clock;
 * the database's when left out); returns the ids of those it made. One JSON parameter whatever the
 * count: a fan-out to many endpoints stays far from Postgres's 65,535 parameters.
 */
export async function insertWebhookDeliveries(
  db: Db,
  deliveries: readonly NewWebhookDelivery[],
  options: { dueAt?: Date; traceparent?: string | null } = {},
): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = deliveries.map((d) => ({
    delivery_id: d.deliveryId,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    body: d.body,
  }));
  const due = options.dueAt ?? null;
  const made = await sql<{ delivery_id: string }>`
    insert into webhook_deliveries
      (delivery_id, endpoint_id, event_id, event_type, body, next_attempt_at, first_due_at, traceparent)
    select r.delivery_id, r.endpoint_id, r.event_id, r.event_type, r.body,
      coalesce(${due}::timestamptz, now()), coalesce(${due}::timestamptz, now()), ${options.traceparent ?? null}::text
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(delivery_id text, endpoint_id uuid, event_id uuid, event_type text, body text)
    on conflict (endpoint_id, event_id) do nothing
    returning delivery_id
  `.execute(db);
  return made.rows.map((row) => row.delivery_id);
}

/**
 * Back to pending for a redelivery by hand, due at `now` with a fresh retry schedule; returns its
 * attempts so far, or undefined if not there. A person asking to send it now also brings the
 * endpoint's next probe forward if it backs off (the endpoint row first: the claim locks it first).
 */
export async function reopenWebhookDelivery(
  db: Db,
  endpointId: string,
  deliveryId: string,
  now: Date,
): Promise<number | undefined> {
  await probeWebhookEndpointNow(db, endpointId, now);
  const row = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      succeeded_at: null,
      next_attempt_at: now,
      first_due_at: now,
      round_attempts: 0,
    })
    .where('delivery_id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** An endpoint that backs off gets its next probe at `now` at the latest: a person asked to send now. */
export async function probeWebhookEndpointNow(db: Db, endpointId: string, now: Date): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ next_probe_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('next_probe_at', '>', now)
    .execute();
}

/** A pending delivery due at `now` at the latest: what a job of the former webhooks.deliver does. */
export async function makeWebhookDeliveryDue(db: Db, deliveryId: string, now: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now })
    .where('delivery_id', '=', deliveryId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', now)
    .execute();
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
  /** When it is tried next (its own retry schedule), while pending. */
  nextAttemptAt: Date;
  attemptLog: {
    attempt: number;
    startedAt: string;
    durationMs: number;
    responseStatus: number | null;
    error: string | null;
    refusedAddress: string | null;
    traceId: string | null;
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
      'd.next_attempt_at as nextAttemptAt',
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
            'a.trace_id as traceId',
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
