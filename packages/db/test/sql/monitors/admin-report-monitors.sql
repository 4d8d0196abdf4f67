-- The SQL of packages/db/src/monitors/admin-report-monitors.ts, written by src/sql-snapshots.unit.test.ts

-- deleteReportMonitor
delete from "report_monitors" where "report_monitor_id" = $1 and "partner_id" = $2;

-- deleteReportMonitorsOfCategories
delete from "report_monitors" where "partner_id" = $1 and "category_code" in ($2) returning "report_monitor_id";

-- findAdminReportMonitor
select "p"."name" as "partnerName", "c"."name" as "categoryName", "m"."report_monitor_id" as "reportMonitorId", "p"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "c"."code" as "categoryCode", "c"."owner_emails" as "ownerEmails", "m"."frequency_type_code" as "frequencyTypeCode", "m"."frequency_day" as "frequencyDay", "m"."frequency_number" as "frequencyNumber" from "report_monitors" as "m" inner join "partners" as "p" on "p"."partner_id" = "m"."partner_id" inner join "report_categories" as "c" on "c"."code" = "m"."category_code" where "m"."report_monitor_id" = $1;

-- insertReportMonitor
insert into "report_monitors" ("partner_id", "category_code", "frequency_type_code", "frequency_day", "frequency_number") values ($1, $2, $3, $4, $5) returning "report_monitor_id";

-- listAdminReportMonitors
select "p"."name" as "partnerName", "c"."name" as "categoryName", "m"."report_monitor_id" as "reportMonitorId", "p"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "c"."code" as "categoryCode", "c"."owner_emails" as "ownerEmails", "m"."frequency_type_code" as "frequencyTypeCode", "m"."frequency_day" as "frequencyDay", "m"."frequency_number" as "frequencyNumber" from "report_monitors" as "m" inner join "partners" as "p" on "p"."partner_id" = "m"."partner_id" inner join "report_categories" as "c" on "c"."code" = "m"."category_code" where ("p"."access_type_code" = $1 and lower(p.code) = $2) and (lower(p.code) like $3 or lower(p.name) like $4) and (lower(c.code) like $5 or lower(c.name) like $6) and "m"."frequency_type_code" = $7 order by lower(p.code) asc, lower(c.name) asc, "m"."report_monitor_id" asc limit $8 offset $9;
select count(*)::int as n from ((select "p"."name" as "partnerName", "c"."name" as "categoryName", "m"."report_monitor_id" as "reportMonitorId", "p"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "c"."code" as "categoryCode", "c"."owner_emails" as "ownerEmails", "m"."frequency_type_code" as "frequencyTypeCode", "m"."frequency_day" as "frequencyDay", "m"."frequency_number" as "frequencyNumber" from "report_monitors" as "m" inner join "partners" as "p" on "p"."partner_id" = "m"."partner_id" inner join "report_categories" as "c" on "c"."code" = "m"."category_code" where ("p"."access_type_code" = $1 and lower(p.code) = $2) and (lower(p.code) like $3 or lower(p.name) like $4) and (lower(c.code) like $5 or lower(c.name) like $6) and "m"."frequency_type_code" = $7) limit $8) as matching;

-- listPartnerReportMonitors
select "p"."name" as "partnerName", "c"."name" as "categoryName", "m"."report_monitor_id" as "reportMonitorId", "p"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "c"."code" as "categoryCode", "c"."owner_emails" as "ownerEmails", "m"."frequency_type_code" as "frequencyTypeCode", "m"."frequency_day" as "frequencyDay", "m"."frequency_number" as "frequencyNumber" from "report_monitors" as "m" inner join "partners" as "p" on "p"."partner_id" = "m"."partner_id" inner join "report_categories" as "c" on "c"."code" = "m"."category_code" where "m"."partner_id" in ($1) order by "m"."report_monitor_id";

-- updateReportMonitor
update "report_monitors" set "category_code" = $1, "frequency_type_code" = $2, "frequency_day" = $3, "frequency_number" = $4, "updated_at" = now() where "report_monitor_id" = $5 and "partner_id" = $6;
