-- The SQL of packages/db/src/reports/partner-frequency-types.ts, written by src/sql-snapshots.unit.test.ts

-- partnerCategoryFrequencyTypes
select (select coalesce(json_agg(agg), '[]') from (select "frequency_types"."code", "frequency_types"."name" from "partner_category_frequency_types" as "pcft" inner join "frequency_types" on "frequency_types"."code" = "pcft"."frequency_type_code" where "pcft"."partner_id" = 1 and "pcft"."category_code" = 'CAT1' order by "frequency_types"."code") as agg) as "types";
