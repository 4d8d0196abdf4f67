import type { PartnerGrant } from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../schema.js';

// The scheduling of webhook deliveries in Postgres. A worker claims due deliveries in a short
// transaction committed before it sends them: each gets a lease (claimed_until) as long as one
// attempt may take, so nothing is locked while a receiver answers, and a worker that dies leaves
// its leases to run out. The claim counts an endpoint's unexpired leases against its cap, and gives
// an endpoint that backs off one probe at a time; the endpoint rows are locked (SKIP LOCKED) for
// the claim, so two workers never claim for one endpoint at once. Every lock here is FOR NO KEY
// UPDATE: a fan-out inserting deliveries checks their endpoint's key with FOR KEY SHARE, which
// FOR UPDATE would make wait for every claim and record of that endpoint.

/** One delivery claimed for one attempt, with everything the attempt needs. */
export type ClaimedDelivery = {
  deliveryId: string;
  endpointId: string;
  eventType: string;
  body: string;
  attempts: number;
  roundAttempts: number;
  firstDueAt: Date;
  /** Claimed as the one probe of an endpoint that backs off. */
  probe: boolean;
  url: string;
  endpointEnabled: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  serviceAccountId: string;
  createdBy: string;
  /** The event's partner; null for a test event. */
  accessTypeCode: string | null;
  partnerCode: string | null;
  /** The trace the delivery was made in: each attempt is a span of it (null without tracing). */
  traceparent: string | null;
  /** The service account as the send-time access check reads it; null when it is disabled or gone. */
  account: { isInternalAdmin: boolean; isExternalUser: boolean | null; partnerGrants: PartnerGrant[] } | null;
};

export type ClaimRequest = {
  now: Date;
  /** Until when the claimed deliveries are this worker's. */
  leaseUntil: Date;
  /** How many to claim at most (the worker's free capacity). */
  limit: number;
  /** Attempts in flight per endpoint at most (WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT). */
  perEndpoint: number;
};

type ClaimedRow = Omit<ClaimedDelivery, 'account'> & {
  accountActive: boolean;
  isInternalAdmin: boolean | null;
  isExternalUser: boolean | null;
  partnerGrants: PartnerGrant[] | null;
};

/**
 * Claims up to `limit` due deliveries, oldest due first across endpoints: per endpoint at most its
 * cap less its attempts in flight, one (the probe) for an endpoint that backs off once its probe
 * is due and none is in flight, none while it waits. A disabled endpoint's due deliveries are
 * claimed too, to be given up without sending.
 */
export async function claimWebhookDeliveries(
  db: Kysely<Database>,
  request: ClaimRequest,
): Promise<ClaimedDelivery[]> {
  if (request.limit <= 0) return [];
  const rows = await db.transaction().execute(async (trx) => {
    const endpoints = await lockEndpointsWithDueWork(trx, request);
    if (endpoints.length === 0) return [];
    return claimFor(trx, endpoints, request);
  });
  return rows.map(({ accountActive, isInternalAdmin, isExternalUser, partnerGrants, ...delivery }) => ({
    ...delivery,
    account: accountActive
      ? { isInternalAdmin: isInternalAdmin ?? false, isExternalUser, partnerGrants: partnerGrants ?? [] }
      : null,
  }));
}

/** `w` backs off: its deliveries wait, and one at a time goes as its probe. */
const probing = sql`(w.enabled and w.next_probe_at is not null)`;

/** The slots an endpoint has: its cap, or one probe while it backs off, less its leases in flight. */
const slots = (perEndpoint: number, now: Date) => sql`
  (case when ${probing} then 1 else ${perEndpoint}::int end)
  - (select count(*) from webhook_deliveries l
     where l.endpoint_id = w.endpoint_id and l.claimed_until > ${now})::int`;

/**
 * A pending delivery of `w` that may be claimed: due, and not leased. A probe takes the oldest
 * whether or not its own retry is due: the probes follow the endpoint's schedule.
 */
const claimable = (now: Date) => sql`d.status = 'pending'
  and (d.claimed_until is null or d.claimed_until <= ${now})
  and (d.next_attempt_at <= ${now} or ${probing})`;

/**
 * Locks the endpoints that have something to claim, skipping those another claim holds. They are
 * found by walking the distinct endpoints of the pending deliveries (one index descent each, so an
 * endpoint's backlog of thousands costs what one delivery does), oldest due first.
 */
async function lockEndpointsWithDueWork(
  trx: Transaction<Database>,
  request: ClaimRequest,
): Promise<string[]> {
  const { now, limit, perEndpoint } = request;
  const result = await sql<{ endpoint_id: string }>`
    with recursive pending (endpoint_id) as (
      (select endpoint_id from webhook_deliveries where status = 'pending' order by endpoint_id limit 1)
      union all
      select (select d.endpoint_id from webhook_deliveries d
              where d.status = 'pending' and d.endpoint_id > p.endpoint_id
              order by d.endpoint_id limit 1)
      from pending p where p.endpoint_id is not null
    )
    select w.endpoint_id
    from pending p
    join webhook_endpoints w on w.endpoint_id = p.endpoint_id
    cross join lateral (
      select d.next_attempt_at from webhook_deliveries d
      where d.endpoint_id = w.endpoint_id and ${claimable(now)}
      order by d.next_attempt_at limit 1
    ) oldest
    where (not ${probing} or w.next_probe_at <= ${now})
      and ${slots(perEndpoint, now)} > 0
    order by oldest.next_attempt_at
    limit ${limit}
    for no key update of w skip locked
  `.execute(trx);
  return result.rows.map((row) => row.endpoint_id);
}

/**
 * Leases the due deliveries of the locked endpoints and returns each with its endpoint, its
 * event's partner and its service account, in one statement. It runs after the lock, so it counts
 * the leases of a claim that held an endpoint a moment before.
 */
async function claimFor(
  trx: Transaction<Database>,
  endpointIds: string[],
  { now, leaseUntil, limit, perEndpoint }: ClaimRequest,
): Promise<ClaimedRow[]> {
  const result = await sql<ClaimedRow>`
    with target as (
      select w.endpoint_id, ${probing} as probe, ${slots(perEndpoint, now)} as slots
      from webhook_endpoints w
      where w.endpoint_id = any(${endpointIds}::uuid[])
    ),
    picked as (
      select c.delivery_id, c.next_attempt_at, t.probe
      from target t
      join webhook_endpoints w on w.endpoint_id = t.endpoint_id
      cross join lateral (
        select d.delivery_id, d.next_attempt_at from webhook_deliveries d
        where d.endpoint_id = t.endpoint_id and ${claimable(now)}
        order by d.next_attempt_at
        limit greatest(t.slots, 0)
      ) c
      order by c.next_attempt_at
      limit ${limit}
    ),
    claimed as (
      update webhook_deliveries d set claimed_until = ${leaseUntil}
      from picked
      where d.delivery_id = picked.delivery_id and d.status = 'pending'
        and (d.claimed_until is null or d.claimed_until <= ${now})
      returning d.delivery_id, d.endpoint_id, d.event_id, d.event_type, d.body, d.attempts,
        d.round_attempts, d.first_due_at, d.traceparent, picked.probe, picked.next_attempt_at
    )
    select c.delivery_id as "deliveryId", c.endpoint_id as "endpointId", c.event_type as "eventType",
      c.body, c.attempts, c.round_attempts as "roundAttempts", c.first_due_at as "firstDueAt",
      c.probe, c.traceparent, w.url, w.enabled as "endpointEnabled", w.secret_sealed as "secretSealed",
      w.previous_secret_sealed as "previousSecretSealed",
      w.previous_secret_expires_at as "previousSecretExpiresAt",
      w.service_account_id as "serviceAccountId", w.created_by as "createdBy",
      p.access_type_code as "accessTypeCode", p.code as "partnerCode",
      (u.user_id is not null and u.disabled_at is null) as "accountActive",
      u.is_internal_admin as "isInternalAdmin", u.is_external_user as "isExternalUser",
      (select coalesce(json_agg(json_build_object('accessTypeCode', a.access_type_code,
                'partnerCode', a.partner_code)), '[]')
       from user_partner_access a where a.user_id = u.user_id) as "partnerGrants"
    from claimed c
    join webhook_endpoints w on w.endpoint_id = c.endpoint_id
    left join report_events e on e.event_id = c.event_id
    left join partners p on p.partner_id = e.partner_id
    left join users u on u.user_id = w.service_account_id
    order by c.next_attempt_at
  `.execute(trx);
  return result.rows;
}
