-- The SQL of packages/db/src/admin/admin-report-categories.ts, written by src/sql-snapshots.unit.test.ts

-- categoryHasReports
select "report_id" from "reports" where "category_code" = $1 limit $2;

-- deleteReportCategory
delete from "report_categories" where "code" = $1;

-- findAdminReportCategory
select "c"."code", "c"."name", "c"."external_link" as "externalLink", "c"."owner_emails" as "ownerEmails", (select coalesce(json_agg(agg), '[]') from (select "f"."code", "f"."name" from "report_category_frequency_types" as "cf" inner join "frequency_types" as "f" on "f"."code" = "cf"."frequency_type_code" where "cf"."category_code" = "c"."code" order by "f"."code") as agg) as "frequencyTypes", (select count(*) as "n" from "partner_categories" as "pc" inner join "partners" as "p" on "p"."partner_id" = "pc"."partner_id" where "pc"."category_code" = "c"."code" and ("p"."access_type_code" = $1 and lower(p.code) = $2)) as "partnerCount" from "report_categories" as "c" where lower(c.code) = $3;

-- insertReportCategory
insert into "report_categories" ("code", "name", "external_link", "owner_emails") values ($1, $2, $3, $4);
insert into "report_category_frequency_types" ("category_code", "frequency_type_code") values ($1, $2) on conflict do nothing;

-- listAdminReportCategories
select "c"."code" from "report_categories" as "c" where lower(c.code) like $1 and lower(c.name) like $2 order by lower(c.code) desc, "c"."code" desc limit $3 offset $4;
select count(*)::int as n from ((select "c"."code" from "report_categories" as "c" where lower(c.code) like $1 and lower(c.name) like $2) limit $3) as matching;

-- resolvePartners
select "partner_id", "access_type_code", "code" from "partners" where (access_type_code, lower(code)) in (select * from unnest($1::text[], $2::text[]));

-- setCategoryPartners
delete from "report_monitors" where "category_code" = $1 and "partner_id" not in ($2);
delete from "partner_categories" where "category_code" = $1 and "partner_id" not in ($2);
insert into "partner_categories" ("partner_id", "category_code") values ($1, $2) on conflict do nothing returning "partner_id";

-- updateReportCategory
update "report_categories" set "name" = $1, "external_link" = $2, "owner_emails" = $3, "updated_at" = now() where "code" = $4;
delete from "report_category_frequency_types" where "category_code" = $1 and "frequency_type_code" not in ($2);
delete from "partner_category_frequency_types" where "category_code" = $1 and "frequency_type_code" not in ($2);
delete from "report_monitors" where "category_code" = $1 and "frequency_type_code" not in ($2);
insert into "report_category_frequency_types" ("category_code", "frequency_type_code") values ($1, $2) on conflict do nothing;
