-- The SQL of packages/db/src/admin/admin-partner-writes.ts, written by src/sql-snapshots.unit.test.ts

-- deletePartner
delete from "user_partner_access" where "access_type_code" = $1 and lower(partner_code) = $2;
delete from "partners" where "partner_id" = $1;

-- insertPartner
insert into "partners" ("access_type_code", "code", "name") values ($1, $2, $3) returning "partner_id";
insert into "partner_categories" ("partner_id", "category_code") values ($1, $2) on conflict do nothing;
insert into "partner_category_frequency_types" ("partner_id", "category_code", "frequency_type_code") values ($1, $2, $3);

-- lockPartner
select "partner_id" from "partners" where "partner_id" = $1 for update;

-- partnerHasReports
select "report_id" from "reports" where "partner_id" = $1 and "deleted_at" is null limit $2;

-- updatePartner
update "partners" set "name" = $1, "updated_at" = now() where "partner_id" = $2;
delete from "partner_categories" where "partner_id" = $1 and "category_code" not in ($2) returning "category_code";
delete from "partner_category_frequency_types" where "partner_id" = $1;
insert into "partner_categories" ("partner_id", "category_code") values ($1, $2) on conflict do nothing;
insert into "partner_category_frequency_types" ("partner_id", "category_code", "frequency_type_code") values ($1, $2, $3);
