-- The SQL of packages/db/src/monitors/report-monitors.ts, written by src/sql-snapshots.unit.test.ts

-- claimMonitorRun
insert into "report_monitor_runs" ("check_date", "scheduled_for", "started_at", "late") values ($1, $2, $3, $4) on conflict ("check_date") do nothing returning "run_id";

-- findDueMonitors
select "report_monitors"."report_monitor_id" as "reportMonitorId", "p"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "p"."name" as "partnerName", "c"."code" as "categoryCode", "c"."name" as "categoryName", "report_monitors"."frequency_type_code" as "frequencyTypeCode", coalesce("f"."name", "report_monitors"."frequency_type_code") as "frequencyTypeName", "report_monitors"."frequency_day" as "frequencyDay", "report_monitors"."frequency_number" as "frequencyNumber", array(
  select btrim(e) from unnest(c.owner_emails) as e where btrim(e) ~ $1
) as "ownerEmails", exists (select 1 as "one" from "reports" as "r" where "r"."partner_id" = "report_monitors"."partner_id" and "r"."category_code" = "report_monitors"."category_code" and "r"."frequency_type_code" = "report_monitors"."frequency_type_code" and "r"."report_date" = $2 and "r"."deleted_at" is null and "r"."superseded_at" is null) as "reportPresent", "a"."created_at" as "alertedAt" from "report_monitors" inner join "partners" as "p" on "p"."partner_id" = "report_monitors"."partner_id" inner join "report_categories" as "c" on "c"."code" = "report_monitors"."category_code" left join "frequency_types" as "f" on "f"."code" = "report_monitors"."frequency_type_code" left join "report_monitor_alerts" as "a" on "a"."report_monitor_id" = "report_monitors"."report_monitor_id" and "a"."due_date" = $3 where ("report_monitors"."frequency_type_code" = $4 and "report_monitors"."frequency_day" is null and "report_monitors"."frequency_number" is null) order by "report_monitors"."report_monitor_id";

-- finishMonitorRun
update "report_monitor_runs" set "finished_at" = $1, "due_monitor_ids" = $2, "due_count" = $3, "missing_count" = $4, "emailed_count" = $5 where "run_id" = $6;

-- lastMonitorRunDate
select "check_date" from "report_monitor_runs" where "check_date" <= $1 order by "check_date" desc limit $2;

-- planMonitorCheck
select "report_monitors"."report_monitor_id" as "reportMonitorId", "p"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "p"."name" as "partnerName", "c"."code" as "categoryCode", "c"."name" as "categoryName", "report_monitors"."frequency_type_code" as "frequencyTypeCode", coalesce("f"."name", "report_monitors"."frequency_type_code") as "frequencyTypeName", "report_monitors"."frequency_day" as "frequencyDay", "report_monitors"."frequency_number" as "frequencyNumber", array(
  select btrim(e) from unnest(c.owner_emails) as e where btrim(e) ~ $1
) as "ownerEmails", exists (select 1 as "one" from "reports" as "r" where "r"."partner_id" = "report_monitors"."partner_id" and "r"."category_code" = "report_monitors"."category_code" and "r"."frequency_type_code" = "report_monitors"."frequency_type_code" and "r"."report_date" = $2 and "r"."deleted_at" is null and "r"."superseded_at" is null) as "reportPresent", "a"."created_at" as "alertedAt" from "report_monitors" inner join "partners" as "p" on "p"."partner_id" = "report_monitors"."partner_id" inner join "report_categories" as "c" on "c"."code" = "report_monitors"."category_code" left join "frequency_types" as "f" on "f"."code" = "report_monitors"."frequency_type_code" left join "report_monitor_alerts" as "a" on "a"."report_monitor_id" = "report_monitors"."report_monitor_id" and "a"."due_date" = $3 where (("report_monitors"."frequency_type_code" = $4 and "report_monitors"."frequency_day" is null and "report_monitors"."frequency_number" is null) or ("report_monitors"."frequency_type_code" = $5 and "report_monitors"."frequency_day" = $6 and "report_monitors"."frequency_number" is null) or ("report_monitors"."frequency_type_code" = $7 and "report_monitors"."frequency_day" = $8 and "report_monitors"."frequency_number" = $9)) order by "report_monitors"."report_monitor_id";

-- recordMonitorAlerts
insert into "report_monitor_alerts" ("run_id", "report_monitor_id", "due_date", "recipients") select 1 as "run_id", "m"."report_monitor_id", $1::date as "due_date", array(
  select btrim(e) from unnest(c.owner_emails) as e where btrim(e) ~ $2
) as "recipients" from "report_monitors" as "m" inner join "report_categories" as "c" on "c"."code" = "m"."category_code" where "m"."report_monitor_id" = any($3::integer[]) on conflict ("report_monitor_id", "due_date") do nothing returning "report_monitor_id" as "reportMonitorId", "recipients";
