-- The SQL of packages/db/src/admin/admin-partners.ts, written by src/sql-snapshots.unit.test.ts

-- findAdminPartners
select "p"."partner_id" as "partnerId", "p"."access_type_code" as "type", "p"."code", "p"."name", (select coalesce(json_agg(agg), '[]') from (select "c"."code", "c"."name", (select coalesce(json_agg(agg), '[]') from (select "frequency_types"."code", "frequency_types"."name" from "partner_category_frequency_types" as "pcft" inner join "frequency_types" on "frequency_types"."code" = "pcft"."frequency_type_code" where "pcft"."partner_id" = "pc"."partner_id" and "pcft"."category_code" = "pc"."category_code" order by "frequency_types"."code") as agg) as "frequencyTypes" from "partner_categories" as "pc" inner join "report_categories" as "c" on "c"."code" = "pc"."category_code" where "pc"."partner_id" = "p"."partner_id" order by "c"."name") as agg) as "categories" from "partners" as "p" where lower(p.code) = $1 and "p"."access_type_code" = $2 order by "p"."access_type_code";

-- listAccessTypes
select "code", "name" from "access_types" order by "code";

-- listAdminPartners
select "p"."partner_id" from "partners" as "p" where ("p"."access_type_code" = $1 and lower(p.code) = $2) and "p"."access_type_code" = $3 and lower(p.code) like $4 and lower(p.name) like $5 and exists (select "fc"."partner_id" from "partner_categories" as "fc" where "fc"."partner_id" = "p"."partner_id" and lower(fc.category_code) = $6) order by lower(p.code) asc, p.access_type_code asc, "p"."partner_id" asc limit $7 offset $8;
select count(*)::int as n from ((select "p"."partner_id" from "partners" as "p" where ("p"."access_type_code" = $1 and lower(p.code) = $2) and "p"."access_type_code" = $3 and lower(p.code) like $4 and lower(p.name) like $5 and exists (select "fc"."partner_id" from "partner_categories" as "fc" where "fc"."partner_id" = "p"."partner_id" and lower(fc.category_code) = $6)) limit $7) as matching;

-- listAllFrequencyTypes
select "code", "name" from "frequency_types" order by "code";

-- listCategoryCatalog
select "c"."code", "c"."name", "c"."owner_emails" as "ownerEmails", (select coalesce(json_agg(agg), '[]') from (select "f"."code", "f"."name" from "report_category_frequency_types" as "cf" inner join "frequency_types" as "f" on "f"."code" = "cf"."frequency_type_code" where "cf"."category_code" = "c"."code" order by "f"."code") as agg) as "frequencyTypes" from "report_categories" as "c" order by lower(c.name);
