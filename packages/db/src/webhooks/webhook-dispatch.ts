import type { PartnerGrant } from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../db.js';
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
        d.round_attempts, d.first_due_at, picked.probe, picked.next_attempt_at
    )
    select c.delivery_id as "deliveryId", c.endpoint_id as "endpointId", c.event_type as "eventType",
      c.body, c.attempts, c.round_attempts as "roundAttempts", c.first_due_at as "firstDueAt",
      c.probe, w.url, w.enabled as "endpointEnabled", w.secret_sealed as "secretSealed",
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

/** An endpoint's health as the record of its attempts reads and writes it. */
export type WebhookEndpointHealth = {
  endpointId: string;
  enabled: boolean;
  consecutiveFailures: number;
  failingSince: Date | null;
  nextProbeAt: Date | null;
  probeFailures: number;
};

/**
 * Locks these endpoints (in id order, so two records never deadlock; FOR NO KEY UPDATE, so new
 * deliveries for them are not held up) and reads their health.
 */
export async function lockWebhookEndpointHealth(
  trx: Transaction<Database>,
  endpointIds: readonly string[],
): Promise<WebhookEndpointHealth[]> {
  if (endpointIds.length === 0) return [];
  return trx
    .selectFrom('webhook_endpoints')
    .select([
      'endpoint_id as endpointId',
      'enabled',
      'consecutive_failures as consecutiveFailures',
      'failing_since as failingSince',
      'next_probe_at as nextProbeAt',
      'probe_failures as probeFailures',
    ])
    .where('endpoint_id', '=', sql<string>`any(${sql.val([...new Set(endpointIds)])}::uuid[])`)
    .orderBy('endpoint_id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * These endpoints answered (every attempt of theirs in a batch succeeded): a run of failures and a
 * backing off end. Only a row that was failing is written (and locked), so a healthy endpoint's
 * row is neither locked nor rewritten at every batch of its deliveries.
 */
export async function markWebhookEndpointsAnswering(db: Db, endpointIds: readonly string[]): Promise<void> {
  if (endpointIds.length === 0) return;
  await db
    .updateTable('webhook_endpoints')
    .set({ consecutive_failures: 0, failing_since: null, next_probe_at: null, probe_failures: 0 })
    .where('endpoint_id', '=', sql<string>`any(${sql.val([...endpointIds])}::uuid[])`)
    .where((eb) =>
      eb.or([
        eb('consecutive_failures', '<>', 0),
        eb('next_probe_at', 'is not', null),
        eb('failing_since', 'is not', null),
      ]),
    )
    .execute();
}

/** The health to write, and why the endpoint was disabled if this write disables it. */
export type WebhookEndpointHealthUpdate = WebhookEndpointHealth & { disabledReason: string | null };

export async function saveWebhookEndpointHealth(
  trx: Transaction<Database>,
  updates: readonly WebhookEndpointHealthUpdate[],
): Promise<void> {
  if (updates.length === 0) return;
  const rows = updates.map((u) => ({
    endpoint_id: u.endpointId,
    enabled: u.enabled,
    consecutive_failures: u.consecutiveFailures,
    failing_since: u.failingSince,
    next_probe_at: u.nextProbeAt,
    probe_failures: u.probeFailures,
    disabled_reason: u.disabledReason,
  }));
  await sql`
    update webhook_endpoints w set
      enabled = v.enabled,
      consecutive_failures = v.consecutive_failures,
      failing_since = v.failing_since,
      next_probe_at = v.next_probe_at,
      probe_failures = v.probe_failures,
      disabled_reason = coalesce(v.disabled_reason, w.disabled_reason),
      updated_at = case when v.disabled_reason is null then w.updated_at else now() end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(endpoint_id uuid, enabled boolean,
      consecutive_failures int, failing_since timestamptz, next_probe_at timestamptz,
      probe_failures int, disabled_reason text)
    where w.endpoint_id = v.endpoint_id
  `.execute(trx);
}

/**
 * How a claimed delivery ended: an attempt (with its response or error), or a refusal to send at
 * all (no attempt is logged; the reason is its last error).
 */
export type DeliveryOutcome = {
  deliveryId: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** When it is tried next, while pending. */
  nextAttemptAt: Date | null;
  roundAttempts: number;
} & (
  | {
      attempted: true;
      startedAt: Date;
      durationMs: number;
      responseStatus: number | null;
      error: string | null;
    }
  | { attempted: false; error: string }
);

/**
 * Writes the outcomes of claimed deliveries and logs their attempts, in two statements for the
 * whole batch, each delivery's lease ended. A delivery no longer pending (done meanwhile by a
 * worker that claimed it after its lease ran out) is left as it is. Returns each logged attempt's
 * number by delivery id.
 */
export async function recordWebhookOutcomes(
  trx: Transaction<Database>,
  outcomes: readonly DeliveryOutcome[],
): Promise<Map<string, number>> {
  if (outcomes.length === 0) return new Map();
  const rows = outcomes.map((o) => ({
    delivery_id: o.deliveryId,
    status: o.status,
    next_attempt_at: o.nextAttemptAt,
    round_attempts: o.roundAttempts,
    attempted: o.attempted,
    started_at: o.attempted ? o.startedAt : null,
    duration_ms: o.attempted ? o.durationMs : null,
    response_status: o.attempted ? o.responseStatus : null,
    error: o.error?.slice(0, 2000) ?? null,
  }));
  const logged = await sql<{ delivery_id: string; attempt: number }>`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(delivery_id text,
        status text, next_attempt_at timestamptz, round_attempts int, attempted boolean,
        started_at timestamptz, duration_ms int, response_status int, error text)
    ),
    updated as (
      update webhook_deliveries d set
        attempts = d.attempts + case when v.attempted then 1 else 0 end,
        round_attempts = v.round_attempts,
        status = v.status,
        next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at),
        claimed_until = null,
        last_response_status = case when v.attempted then v.response_status else d.last_response_status end,
        last_error = v.error,
        succeeded_at = case when v.status = 'succeeded' then now() end
      from v
      where d.delivery_id = v.delivery_id and d.status = 'pending'
      returning d.delivery_id, d.attempts, v.attempted, v.started_at, v.duration_ms, v.response_status,
        v.error
    )
    insert into webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, response_status, error)
    select delivery_id, attempts, started_at, duration_ms, response_status, error from updated where attempted
    returning delivery_id, attempt
  `.execute(trx);
  return new Map(logged.rows.map((row) => [row.delivery_id, row.attempt]));
}

/**
 * Gives up the deliveries first due before `firstDueBefore` that still wait for an endpoint that
 * backs off: they are never sent (the endpoint is probed with others). Their last error says why,
 * with the start of the endpoint's failures (MM/dd/yyyy HH:mm:ss UTC). Returns how many.
 */
export async function giveUpWaitingDeliveries(
  db: Db,
  { now, firstDueBefore, waitedHours }: { now: Date; firstDueBefore: Date; waitedHours: string },
): Promise<number> {
  const result = await sql`
    update webhook_deliveries d set
      status = 'failed',
      claimed_until = null,
      last_error = 'Given up after ' || ${waitedHours} || ' h waiting: the endpoint has been failing since '
        || to_char(coalesce(w.failing_since, d.first_due_at) at time zone 'UTC', 'MM/DD/YYYY HH24:MI:SS')
        || ' UTC.'
    from webhook_endpoints w
    where w.endpoint_id = d.endpoint_id and w.enabled and w.next_probe_at is not null
      and d.status = 'pending' and d.first_due_at < ${firstDueBefore}
      and (d.claimed_until is null or d.claimed_until <= ${now})
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
