-- The SQL of packages/db/src/authentication/sessions.ts, written by src/sql-snapshots.unit.test.ts

-- createPendingLogin
insert into "pending_logins" ("state", "provider", "code_verifier", "nonce", "return_to", "invitation_id", "expires_at") values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7));
delete from "pending_logins" where "expires_at" < now();

-- createSession
insert into "sessions" ("session_hash", "user_id", "provider", "id_token", "expires_at") values ($1, $2, $3, $4, now() + make_interval(hours => $5));

-- deleteExpiredPendingLogins
delete from "pending_logins" where ctid = any(array( select ctid from "pending_logins" where expires_at <= now() limit $1 for update skip locked));

-- deleteExpiredSessions
delete from "sessions" where ctid = any(array( select ctid from "sessions" where expires_at <= now() or last_seen_at <= now() - make_interval(mins => $1) limit $2 for update skip locked));

-- deleteSession
delete from "sessions" where "session_hash" = $1 returning "provider", "id_token" as "idToken";

-- deleteSessionsOfUser
delete from "sessions" where "user_id" = $1;

-- findActiveSession
select "sessions"."session_hash" as "sessionHash", "sessions"."user_id" as "userId", "sessions"."provider", "sessions"."human_verified_at" as "humanVerifiedAt", sessions.last_seen_at < now() - interval '1 minute' as "stale" from "sessions" inner join "users" on "users"."user_id" = "sessions"."user_id" where "sessions"."session_hash" = $1 and "sessions"."expires_at" > now() and "sessions"."last_seen_at" > now() - make_interval(mins => $2) and "users"."disabled_at" is null;

-- findSessionUser
with "touched" as (update "sessions" set "last_seen_at" = now() where "session_hash" = $1 and "last_seen_at" < now() - interval '1 minute' and "last_seen_at" > now() - make_interval(mins => $2) and "expires_at" > now() returning "session_hash") select "sessions"."session_hash" as "sessionHash", "sessions"."provider", "sessions"."human_verified_at" as "humanVerifiedAt", sessions.last_seen_at < now() - interval '1 minute' as "stale", "users"."user_id" as "userId", "users"."first_name" as "firstName", "users"."last_name" as "lastName", "users"."email", "users"."phone", "users"."common_id" as "commonId", "users"."is_external_user" as "isExternalUser", "users"."is_internal_admin" as "isInternalAdmin", "users"."is_service_account" as "isServiceAccount", "users"."disabled_at" as "disabledAt", "users"."created_at" as "createdAt", (select coalesce(json_agg(agg), '[]') from (select "feature" from "user_features" where "user_features"."user_id" = "users"."user_id" order by "feature") as agg) as "features", (select coalesce(json_agg(agg), '[]') from (select "access_type_code" as "accessTypeCode", "partner_code" as "partnerCode" from "user_partner_access" where "user_partner_access"."user_id" = "users"."user_id" order by "access_type_code", "partner_code") as agg) as "partnerGrants" from "sessions" inner join "users" on "users"."user_id" = "sessions"."user_id" where "sessions"."session_hash" = $3 and "sessions"."expires_at" > now() and "sessions"."last_seen_at" > now() - make_interval(mins => $4) and "users"."disabled_at" is null;

-- markSessionHumanVerified
update "sessions" set "human_verified_at" = now() where "session_hash" = $1;

-- takePendingLogin
delete from "pending_logins" where "state" = $1 returning "state", "provider", "code_verifier", "nonce", "return_to", "expires_at", "invitation_id";

-- touchSession
update "sessions" set "last_seen_at" = now() where "session_hash" = $1 and "last_seen_at" < now() - interval '1 minute';
