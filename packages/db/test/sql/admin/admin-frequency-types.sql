-- The SQL of packages/db/src/admin/admin-frequency-types.ts, written by src/sql-snapshots.unit.test.ts

-- deleteFrequencyType
delete from "report_monitors" where "frequency_type_code" = $1;
delete from "frequency_types" where "code" = $1;

-- findFrequencyType
select "code", "name" from "frequency_types" where lower(code) = $1;

-- frequencyTypeHasReports
select "report_id" from "reports" where "frequency_type_code" = $1 limit $2;

-- insertFrequencyType
insert into "frequency_types" ("code", "name") values ($1, $2);

-- listAdminFrequencyTypes
select "f"."code", "f"."name" from "frequency_types" as "f" where lower(f.code) like $1 and lower(f.name) like $2 order by lower(f.name) asc limit $3 offset $4;
select count(*)::int as n from ((select "f"."code" from "frequency_types" as "f" where lower(f.code) like $1 and lower(f.name) like $2) limit $3) as matching;

-- listFrequencyTypePartners
select "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode" from "partners" as "p" where "p"."partner_id" in (select "partner_id" from "partner_category_frequency_types" where "frequency_type_code" = $1 union select "pc"."partner_id" from "partner_categories" as "pc" inner join "report_category_frequency_types" as "cf" on "cf"."category_code" = "pc"."category_code" where "cf"."frequency_type_code" = $2 union select "partner_id" from "reports" where "frequency_type_code" = $3 union select "partner_id" from "report_monitors" where "frequency_type_code" = $4);

-- renameFrequencyType
update "frequency_types" set "name" = $1 where "code" = $2;
