-- The SQL of packages/db/src/webhooks/webhook-endpoints.ts, written by src/sql-snapshots.unit.test.ts

-- deleteWebhookEndpoint
delete from "webhook_endpoints" where "endpoint_id" = $1;

-- disableEndpointsLeftWithoutPartners
update "webhook_endpoints" as "w" set "enabled" = $1, "disabled_reason" = $2, "updated_at" = now() where "w"."endpoint_id" in (select "endpoint_id" from "webhook_endpoint_partners" where "partner_id" = $3) and not exists (select "other"."partner_id" from "webhook_endpoint_partners" as "other" where "other"."endpoint_id" = "w"."endpoint_id" and "other"."partner_id" <> $4) returning "w"."endpoint_id";

-- enableWebhookEndpoint
update "webhook_endpoints" set "enabled" = $1, "disabled_reason" = $2, "consecutive_failures" = $3, "failing_since" = $4, "next_probe_at" = $5, "probe_failures" = $6, "updated_at" = now() where "endpoint_id" = $7;

-- findWebhookEndpoint
select "w"."endpoint_id" as "endpointId", "w"."service_account_id" as "serviceAccountId", "u"."first_name" as "serviceAccountName", "w"."url", "w"."description", "w"."event_types" as "eventTypes", "w"."category_codes" as "categoryCodes", "w"."enabled", "w"."disabled_reason" as "disabledReason", "w"."consecutive_failures" as "consecutiveFailures", "w"."failing_since" as "failingSince", "w"."next_probe_at" as "nextProbeAt", "w"."previous_secret_expires_at" as "previousSecretExpiresAt", "w"."created_by" as "createdBy", "w"."created_at" as "createdAt", "w"."updated_at" as "updatedAt", (select coalesce(json_agg(agg), '[]') from (select "p"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "webhook_endpoint_partners" as "ep" inner join "partners" as "p" on "p"."partner_id" = "ep"."partner_id" where "ep"."endpoint_id" = "w"."endpoint_id" order by "p"."access_type_code", "p"."code") as agg) as "partners" from "webhook_endpoints" as "w" inner join "users" as "u" on "u"."user_id" = "w"."service_account_id" where "w"."endpoint_id" = $1;

-- insertWebhookEndpoint
insert into "webhook_endpoints" ("service_account_id", "url", "description", "event_types", "category_codes", "secret_sealed", "created_by") values ($1, $2, $3, $4, $5, $6, $7) returning "endpoint_id";
delete from "webhook_endpoint_partners" where "endpoint_id" = $1;
insert into "webhook_endpoint_partners" ("endpoint_id", "partner_id") values ($1, $2);

-- listWebhookEndpoints
select "w"."endpoint_id" as "endpointId", "w"."service_account_id" as "serviceAccountId", "u"."first_name" as "serviceAccountName", "w"."url", "w"."description", "w"."event_types" as "eventTypes", "w"."category_codes" as "categoryCodes", "w"."enabled", "w"."disabled_reason" as "disabledReason", "w"."consecutive_failures" as "consecutiveFailures", "w"."failing_since" as "failingSince", "w"."next_probe_at" as "nextProbeAt", "w"."previous_secret_expires_at" as "previousSecretExpiresAt", "w"."created_by" as "createdBy", "w"."created_at" as "createdAt", "w"."updated_at" as "updatedAt", (select coalesce(json_agg(agg), '[]') from (select "p"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "webhook_endpoint_partners" as "ep" inner join "partners" as "p" on "p"."partner_id" = "ep"."partner_id" where "ep"."endpoint_id" = "w"."endpoint_id" order by "p"."access_type_code", "p"."code") as agg) as "partners" from "webhook_endpoints" as "w" inner join "users" as "u" on "u"."user_id" = "w"."service_account_id" order by "w"."created_at", "w"."endpoint_id";

-- listWebhookTargets
select "partner_id" as "partnerId", "access_type_code" as "accessTypeCode", "code" as "partnerCode", "name" as "partnerName" from "partners" order by "name", "access_type_code", "code";
select "code", "name" from "report_categories" order by "name";

-- rotateWebhookSecret
update "webhook_endpoints" set "previous_secret_sealed" = "secret_sealed", "previous_secret_expires_at" = $1, "secret_sealed" = $2, "updated_at" = now() where "endpoint_id" = $3;

-- updateWebhookEndpoint
update "webhook_endpoints" set "url" = $1, "description" = $2, "event_types" = $3, "category_codes" = $4, "updated_at" = now() where "endpoint_id" = $5;
delete from "webhook_endpoint_partners" where "endpoint_id" = $1;
insert into "webhook_endpoint_partners" ("endpoint_id", "partner_id") values ($1, $2);
