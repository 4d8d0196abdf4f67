-- The SQL of packages/db/src/webhooks/webhook-outcomes.ts, written by src/sql-snapshots.unit.test.ts

-- giveUpWaitingDeliveries
update webhook_deliveries d set status = 'failed', claimed_until = null, last_error = 'Given up after ' || $1 || ' h waiting: the endpoint has been failing since ' || to_char(coalesce(w.failing_since, d.first_due_at) at time zone 'UTC', 'MM/DD/YYYY HH24:MI:SS') || ' UTC.' from webhook_endpoints w where w.endpoint_id = d.endpoint_id and w.enabled and w.next_probe_at is not null and d.status = 'pending' and d.first_due_at < $2 and (d.claimed_until is null or d.claimed_until <= $3);

-- lockWebhookEndpointHealth
select "endpoint_id" as "endpointId", "enabled", "consecutive_failures" as "consecutiveFailures", "failing_since" as "failingSince", "next_probe_at" as "nextProbeAt", "probe_failures" as "probeFailures" from "webhook_endpoints" where "endpoint_id" = any($1::uuid[]) order by "endpoint_id" for no key update;

-- markWebhookEndpointsAnswering
update "webhook_endpoints" set "consecutive_failures" = $1, "failing_since" = $2, "next_probe_at" = $3, "probe_failures" = $4 where "endpoint_id" = any($5::uuid[]) and ("consecutive_failures" <> $6 or "next_probe_at" is not null or "failing_since" is not null);

-- recordWebhookOutcomes
with v as ( select * from jsonb_to_recordset($1::jsonb) as v(delivery_id text, status text, next_attempt_at timestamptz, round_attempts int, attempted boolean, started_at timestamptz, duration_ms int, response_status int, error text, refused_address text, trace_id text) ), updated as ( update webhook_deliveries d set attempts = d.attempts + case when v.attempted then 1 else 0 end, round_attempts = v.round_attempts, status = v.status, next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at), claimed_until = null, last_response_status = case when v.attempted then v.response_status else d.last_response_status end, last_error = v.error, succeeded_at = case when v.status = 'succeeded' then now() end from v where d.delivery_id = v.delivery_id and d.status = 'pending' returning d.delivery_id, d.attempts, v.attempted, v.started_at, v.duration_ms, v.response_status, v.error, v.refused_address, v.trace_id ) insert into webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, response_status, error, refused_address, trace_id) select delivery_id, attempts, started_at, duration_ms, response_status, error, refused_address, trace_id from updated where attempted returning delivery_id, attempt;

-- saveWebhookEndpointHealth
update webhook_endpoints w set enabled = v.enabled, consecutive_failures = v.consecutive_failures, failing_since = v.failing_since, next_probe_at = v.next_probe_at, probe_failures = v.probe_failures, disabled_reason = coalesce(v.disabled_reason, w.disabled_reason), updated_at = case when v.disabled_reason is null then w.updated_at else now() end from jsonb_to_recordset($1::jsonb) as v(endpoint_id uuid, enabled boolean, consecutive_failures int, failing_since timestamptz, next_probe_at timestamptz, probe_failures int, disabled_reason text) where w.endpoint_id = v.endpoint_id;
