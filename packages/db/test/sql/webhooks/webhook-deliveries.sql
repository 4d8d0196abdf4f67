-- The SQL of packages/db/src/webhooks/webhook-deliveries.ts, written by src/sql-snapshots.unit.test.ts

-- insertWebhookDeliveries
insert into webhook_deliveries (delivery_id, endpoint_id, event_id, event_type, body, next_attempt_at, first_due_at, traceparent) select r.delivery_id, r.endpoint_id, r.event_id, r.event_type, r.body, coalesce($1::timestamptz, now()), coalesce($2::timestamptz, now()), $3::text from jsonb_to_recordset($4::jsonb) as r(delivery_id text, endpoint_id uuid, event_id uuid, event_type text, body text) on conflict (endpoint_id, event_id) do nothing returning delivery_id;

-- listEndpointsHearing
select "w"."endpoint_id" as "endpointId", "w"."service_account_id" as "serviceAccountId", "e"."event_id" as "eventId" from "report_events" as "e" inner join "webhook_endpoint_partners" as "ep" on "ep"."partner_id" = "e"."partner_id" inner join "webhook_endpoints" as "w" on "w"."endpoint_id" = "ep"."endpoint_id" inner join "users" as "u" on "u"."user_id" = "w"."service_account_id" where "e"."event_id" = any($1::uuid[]) and "w"."enabled" = $2 and "u"."disabled_at" is null and e.event_type = any(w.event_types) and (cardinality(w.category_codes) = $3 or "e"."category_code" = any(w.category_codes)) order by "e"."occurred_at", "e"."event_id", "w"."endpoint_id";

-- listWebhookDeliveries
select "d"."delivery_id" as "deliveryId", "d"."event_id" as "eventId", "d"."event_type" as "eventType", "d"."status", "d"."attempts", "d"."last_response_status" as "lastResponseStatus", "d"."last_error" as "lastError", "d"."created_at" as "createdAt", "d"."succeeded_at" as "succeededAt", "d"."next_attempt_at" as "nextAttemptAt", (select coalesce(json_agg(agg), '[]') from (select "a"."attempt", "a"."started_at" as "startedAt", "a"."duration_ms" as "durationMs", "a"."response_status" as "responseStatus", "a"."error", "a"."refused_address" as "refusedAddress", "a"."trace_id" as "traceId" from "webhook_delivery_attempts" as "a" where "a"."delivery_id" = "d"."delivery_id" order by "a"."attempt") as agg) as "attemptLog" from "webhook_deliveries" as "d" where "d"."endpoint_id" = $1 order by "d"."created_at" desc, "d"."delivery_id" desc limit $2;

-- makeWebhookDeliveryDue
update "webhook_deliveries" set "next_attempt_at" = $1 where "delivery_id" = $2 and "status" = $3 and "next_attempt_at" > $4;

-- probeWebhookEndpointNow
update "webhook_endpoints" set "next_probe_at" = $1 where "endpoint_id" = $2 and "next_probe_at" > $3;

-- reopenWebhookDelivery
update "webhook_endpoints" set "next_probe_at" = $1 where "endpoint_id" = $2 and "next_probe_at" > $3;
update "webhook_deliveries" set "status" = $1, "succeeded_at" = $2, "next_attempt_at" = $3, "first_due_at" = $4, "round_attempts" = $5 where "delivery_id" = $6 and "endpoint_id" = $7 returning "attempts";
