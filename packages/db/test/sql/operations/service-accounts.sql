-- The SQL of packages/db/src/operations/service-accounts.ts, written by src/sql-snapshots.unit.test.ts

-- createServiceAccount
insert into "users" ("user_id", "first_name", "is_service_account", "is_external_user", "phone", "common_id") values ($1, $2, $3, $4, $5, $6);
select "is_external_user" as "isExternalUser", "is_service_account" as "isServiceAccount" from "users" where "user_id" = $1;
delete from "user_features" where "user_id" = $1;
delete from "user_partner_access" where "user_id" = $1;
insert into "user_features" ("user_id", "feature") values ($1, $2);
insert into "user_partner_access" ("user_id", "access_type_code", "partner_code") values ($1, $2, $3) on conflict do nothing;
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users" where "users"."user_id" = $1;

-- findServiceAccount
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users" where "users"."user_id" = $1;

-- findTokenOwner
select "t"."token_id" as "tokenId", "t"."user_id" as "userId", t.last_used_at is null or t.last_used_at < now() - interval '1 minute' as "stale" from "service_account_tokens" as "t" inner join "users" as "u" on "u"."user_id" = "t"."user_id" where "t"."token_hash" = $1 and "t"."revoked_at" is null and "t"."expires_at" > now() and "u"."disabled_at" is null and "u"."is_service_account" = $2;

-- issueServiceAccountToken
insert into "service_account_tokens" ("user_id", "name", "token_hash", "expires_at") values ($1, $2, $3, now() + make_interval(days => $4)) returning "token_id" as "tokenId", "name", "created_at" as "createdAt", "expires_at" as "expiresAt";
-- then threw: no result

-- listServiceAccounts
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users" where "is_service_account" = $1 order by "users"."user_id";

-- revokeServiceAccountToken
update "service_account_tokens" set "revoked_at" = coalesce(revoked_at, now()) where "user_id" = $1 and "token_id" = $2;
select "user_id" as "userId", "first_name" as "firstName", "last_name" as "lastName", "email", "phone", "common_id" as "commonId", "is_external_user" as "isExternalUser", "is_internal_admin" as "isInternalAdmin", "is_service_account" as "isServiceAccount", "disabled_at" as "disabledAt", "created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "users" where "users"."user_id" = $1;
