-- The SQL of packages/db/src/authentication/users.ts, written by src/sql-snapshots.unit.test.ts

-- addUserIdentity
insert into "user_identities" ("provider", "subject", "user_id") values ($1, $2, $3) on conflict ("provider", "subject") do nothing;

-- disableUser
update "users" set "disabled_at" = now(), "updated_at" = now() where "user_id" = $1 and "disabled_at" is null;
delete from "sessions" where "user_id" = $1;

-- featuresOf
select (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = 'user-1' order by "feature") as agg) as "features";

-- findActiveUser
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users" where "users"."user_id" = $1;

-- findUserIdByIdentity
select "user_id" from "user_identities" where "provider" = $1 and "subject" = $2;

-- findUserIdsForSignIn
select "user_id" from "users" where "is_service_account" = $1 and lower(user_id) = $2;
select "user_id" from "users" where "is_service_account" = $1 and lower(email) = $2;

-- findUserWithAccess
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users" where "users"."user_id" = $1;

-- grantsOf
select (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = 'user-1' order by "access_type_code", "partner_code") as agg) as "grants";

-- selectUsersWithAccess
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users";

-- setUserAccess
select "is_external_user" as "isExternalUser", "is_service_account" as "isServiceAccount" from "users" where "user_id" = $1;
delete from "user_features" where "user_id" = $1;
delete from "user_partner_access" where "user_id" = $1;
insert into "user_features" ("user_id", "feature") values ($1, $2);
insert into "user_partner_access" ("user_id", "access_type_code", "partner_code") values ($1, $2, $3) on conflict do nothing;

-- unknownPartnerGrants
select "partner_id" from "partners" where "access_type_code" = $1 and lower(code) = $2;

-- updateUserNames
update "users" set "first_name" = $1, "last_name" = $2, "updated_at" = now() where "user_id" = $3;

-- userExists
select "user_id" from "users" where lower(user_id) = $1;
