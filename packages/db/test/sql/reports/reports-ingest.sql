-- The SQL of packages/db/src/reports/reports-ingest.ts, written by src/sql-snapshots.unit.test.ts

-- ingestReport
select "partner_id", "access_type_code", "code" from "partners" where "access_type_code" = $1 and lower("code") = $2;
select "category_code" from "partner_categories" where "partner_id" = $1 and lower("category_code") = $2;
select "frequency_type_code" from "partner_category_frequency_types" where "partner_id" = $1 and "category_code" = $2 order by "frequency_type_code";
begin;
select pg_advisory_xact_lock(hashtext($1));
select "report_id" from "reports" where "partner_id" = $1 and "category_code" = $2 and "report_date" = $3 and "file_name" = $4 and "reports"."deleted_at" is null and "reports"."superseded_at" is null;
insert into "reports" ("partner_id", "category_code", "frequency_type_code", "report_date", "file_name", "file_size", "content_type", "sha256", "storage_key", "last_modified", "uploaded_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning "report_id";
insert into "report_events" ("event_type", "partner_id", "category_code", "frequency_type_code", "report_id", "replaced_report_id", "report_monitor_id", "report_date", "file_name") values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning "event_id";
insert into "outbox" ("queue", "job_name", "payload", "job_id", "traceparent") values ($1, $2, $3, $4, $5);
commit;

-- resolveReportTarget
select "partner_id", "access_type_code", "code" from "partners" where "access_type_code" = $1 and lower("code") = $2;
select "category_code" from "partner_categories" where "partner_id" = $1 and lower("category_code") = $2;
select "frequency_type_code" from "partner_category_frequency_types" where "partner_id" = $1 and "category_code" = $2 order by "frequency_type_code";
