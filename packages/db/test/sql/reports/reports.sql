-- The SQL of packages/db/src/reports/reports.ts, written by src/sql-snapshots.unit.test.ts

-- findCurrentReport
select "reports"."report_id" as "reportId", "reports"."file_name" as "fileName", "reports"."file_size" as "fileSize", "reports"."report_date" as "reportDate", "reports"."last_modified" as "lastModified", "reports"."frequency_type_code" as "frequencyTypeCode", "reports"."partner_id" as "partnerId", "partners"."access_type_code" as "accessTypeCode", "partners"."code" as "partnerCode", "reports"."category_code" as "categoryCode", "reports"."content_type" as "contentType", "reports"."storage_key" as "storageKey", "reports"."sha256" from "reports" inner join "partners" on "partners"."partner_id" = "reports"."partner_id" inner join "reports" as "asked" on "asked"."partner_id" = "reports"."partner_id" and "asked"."category_code" = "reports"."category_code" and "asked"."report_date" = "reports"."report_date" and "asked"."file_name" = "reports"."file_name" where "asked"."report_id" = $1 and "asked"."deleted_at" is null and "reports"."deleted_at" is null and "reports"."superseded_at" is null;

-- findLatestReport
select "report_id" as "reportId", "file_name" as "fileName", "file_size" as "fileSize", "report_date" as "reportDate", "last_modified" as "lastModified", "frequency_type_code" as "frequencyTypeCode" from "reports" where "partner_id" = $1 and "category_code" = $2 and "reports"."deleted_at" is null and "reports"."superseded_at" is null order by "report_date" desc, "report_id" desc limit $3;

-- findLiveReports
select "reports"."report_id" as "reportId", "reports"."file_name" as "fileName", "reports"."file_size" as "fileSize", "reports"."report_date" as "reportDate", "reports"."last_modified" as "lastModified", "reports"."frequency_type_code" as "frequencyTypeCode", "reports"."partner_id" as "partnerId", "partners"."access_type_code" as "accessTypeCode", "partners"."code" as "partnerCode", "reports"."category_code" as "categoryCode", "reports"."content_type" as "contentType", "reports"."storage_key" as "storageKey", "reports"."sha256" from "reports" inner join "partners" on "partners"."partner_id" = "reports"."partner_id" where "reports"."report_id" in ($1) and "reports"."deleted_at" is null and "reports"."superseded_at" is null order by "reports"."report_id";

-- listLatestReports
select r.report_id as "reportId", r.file_name as "fileName", r.file_size as "fileSize", r.report_date as "reportDate", r.last_modified as "lastModified", r.frequency_type_code as "frequencyTypeCode" from unnest($1::text[]) as wanted(code) cross join lateral ( select l.report_date from reports l where l.partner_id = $2 and l.category_code = $3 and "l"."deleted_at" is null and "l"."superseded_at" is null and l.frequency_type_code = wanted.code order by l.report_date desc limit 1 ) latest join reports r on r.partner_id = $4 and r.category_code = $5 and "r"."deleted_at" is null and "r"."superseded_at" is null and r.frequency_type_code = wanted.code and r.report_date = latest.report_date order by r.report_date desc, r.file_name limit $6;

-- listReportDates
select coalesce(json_agg(d.report_date order by d.report_date desc), '[]') as "reportDates" from report_dates d where d.partner_id = $1 and d.category_code = $2;

-- listReportsBetween
select "report_id" as "reportId", "file_name" as "fileName", "file_size" as "fileSize", "report_date" as "reportDate", "last_modified" as "lastModified", "frequency_type_code" as "frequencyTypeCode" from "reports" where "partner_id" = $1 and "category_code" = $2 and "reports"."deleted_at" is null and "reports"."superseded_at" is null and "report_date" >= $3 and "report_date" <= $4 order by "report_date" desc, "file_name" limit $5;

-- recordReportAccess
insert into "audit_log" ("actor_user_id", "action", "entity_type", "entity_id", "before", "after", "detail") values ($1, $2, $3, $4, $5, $6, $7);

-- softDeleteReport
update "reports" set "deleted_at" = now(), "deleted_by" = $1 where "report_id" = $2 and "reports"."deleted_at" is null and "reports"."superseded_at" is null returning "file_name" as "fileName", "report_date" as "reportDate", "storage_key" as "storageKey", "partner_id" as "partnerId", "category_code" as "categoryCode", "frequency_type_code" as "frequencyTypeCode";
