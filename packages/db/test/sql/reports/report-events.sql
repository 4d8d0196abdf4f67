-- The SQL of packages/db/src/reports/report-events.ts, written by src/sql-snapshots.unit.test.ts

-- findReportEvents
select "e"."event_id" as "eventId", "e"."event_type" as "eventType", "e"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "p"."name" as "partnerName", "e"."category_code" as "categoryCode", "e"."frequency_type_code" as "frequencyTypeCode", "e"."report_id" as "reportId", "e"."replaced_report_id" as "replacedReportId", "e"."report_monitor_id" as "reportMonitorId", "e"."report_date" as "reportDate", "e"."file_name" as "fileName", "e"."occurred_at" as "occurredAt" from "report_events" as "e" inner join "partners" as "p" on "p"."partner_id" = "e"."partner_id" where "e"."event_id" in ($1) order by "e"."occurred_at", "e"."event_id";

-- recordReportEvents
insert into "report_events" ("event_type", "partner_id", "category_code", "frequency_type_code", "report_id", "replaced_report_id", "report_monitor_id", "report_date", "file_name") values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning "event_id";
insert into "outbox" ("queue", "job_name", "payload", "job_id", "traceparent") values ($1, $2, $3, $4, $5);
