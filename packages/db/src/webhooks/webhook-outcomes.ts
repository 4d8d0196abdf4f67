import { sql, type Transaction } from 'kysely';
import type { Db } from '../db.js';
import type { Database } from '../schema.js';

// What follows a claimed webhook delivery's attempt: its outcome and attempt log, its endpoint's
// run of failures and backing off, and the giving up of deliveries an endpoint that kept failing
// held back too long. Endpoint rows are locked FOR NO KEY UPDATE, as the claim locks them.

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
      /**
       * Where the host resolved, when the attempt was refused for it. Kept apart from `error`, which
       * a manager reads: only an internal administrator is shown what an internal name resolves to.
       */
      refusedAddress?: string | null;
      /** The trace of the attempt's span (null without tracing). */
      traceId?: string | null;
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
    refused_address: o.attempted ? (o.refusedAddress ?? null) : null,
    trace_id: o.attempted ? (o.traceId ?? null) : null,
  }));
  const logged = await sql<{ delivery_id: string; attempt: number }>`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(delivery_id text,
        status text, next_attempt_at timestamptz, round_attempts int, attempted boolean,
        started_at timestamptz, duration_ms int, response_status int, error text, refused_address text,
        trace_id text)
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
        v.error, v.refused_address, v.trace_id
    )
    insert into webhook_delivery_attempts
      (delivery_id, attempt, started_at, duration_ms, response_status, error, refused_address, trace_id)
    select delivery_id, attempts, started_at, duration_ms, response_status, error, refused_address, trace_id
    from updated where attempted
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
