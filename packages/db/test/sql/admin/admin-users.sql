-- The SQL of packages/db/src/admin/admin-users.ts, written by src/sql-snapshots.unit.test.ts

-- deleteExternalUser
delete from "users" where "user_id" = $1 and "is_external_user" = $2;

-- findAdminUser
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users" where lower(users.user_id) = $1;

-- insertExternalUser
insert into "users" ("user_id", "first_name", "last_name", "email", "phone", "is_external_user", "is_internal_admin") values ($1, $2, $3, $4, $5, $6, $7);
select "is_external_user" as "isExternalUser", "is_service_account" as "isServiceAccount" from "users" where "user_id" = $1;
delete from "user_features" where "user_id" = $1;
delete from "user_partner_access" where "user_id" = $1;
insert into "user_features" ("user_id", "feature") values ($1, $2);
insert into "user_partner_access" ("user_id", "access_type_code", "partner_code") values ($1, $2, $3) on conflict do nothing;

-- listAdminUsers
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users" where "users"."is_service_account" = $1 and "users"."is_external_user" = $2 and lower(users.user_id) like $3 and lower(users.first_name) like $4 and lower(users.last_name) like $5 and lower(users.email) like $6 order by lower(users.last_name) asc, "users"."user_id" asc limit $7 offset $8;
select count(*)::int as n from ((select "users"."user_id" from "users" where "users"."is_service_account" = $1 and "users"."is_external_user" = $2 and lower(users.user_id) like $3 and lower(users.first_name) like $4 and lower(users.last_name) like $5 and lower(users.email) like $6) limit $7) as matching;

-- listAdminUsersForCsv
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "is_external_user" as "isExternalUser", "email", "phone" from "users" where "is_service_account" = $1 and lower(email) like $2 order by lower(user_id) limit $3;

-- updateExternalUser
update "users" set "first_name" = $1, "last_name" = $2, "email" = $3, "phone" = $4, "updated_at" = now() where "user_id" = $5 and "is_external_user" = $6;
select "is_external_user" as "isExternalUser", "is_service_account" as "isServiceAccount" from "users" where "user_id" = $1;
delete from "user_features" where "user_id" = $1;
delete from "user_partner_access" where "user_id" = $1;
insert into "user_features" ("user_id", "feature") values ($1, $2);
insert into "user_partner_access" ("user_id", "access_type_code", "partner_code") values ($1, $2, $3) on conflict do nothing;
