-- The SQL of packages/db/src/saas-users/tenants.ts, written by src/sql-snapshots.unit.test.ts

-- addTenantMember
insert into "tenant_members" ("tenant_id", "user_id", "email_address", "first_name", "last_name") values ($1, $2, $3, $4, $5);
delete from "tenant_member_roles" where "tenant_id" = $1 and "user_id" = $2;
insert into "tenant_member_roles" ("tenant_id", "user_id", "role_id") values ($1, $2, $3);

-- belongsAnywhere
select (exists (select "user_id" from "users" where lower(user_id) = $1 and "is_external_user" = $2) or exists (select "user_id" from "tenant_members" where lower(user_id) = $3) or exists (select "user_id" from "user_partner_access" where "user_id" = $4)) as "belongs";
-- then threw: no result

-- deleteTenantMember
delete from "tenant_members" where "tenant_id" = $1 and "user_id" = $2;

-- ensureInvitedUser
select "user_id" from "users" where "is_service_account" = $1 and (lower(user_id) = $2 or lower(email) = $3) order by lower(user_id) = $4 desc;
insert into "users" ("user_id", "email", "first_name", "last_name", "is_external_user") values ($1, $2, $3, $4, $5);

-- findTenant
select "tenant_id", "display_name", "logo_url" from "tenants" where "tenant_id" in ($1) order by "display_name";

-- findTenantMember
select "user_id", "email_address", "first_name", "last_name" from "tenant_members" where "tenant_id" = $1 and "user_id" = $2;

-- findTenantMemberByEmail
select "user_id", "email_address", "first_name", "last_name" from "tenant_members" where "tenant_id" = $1 and lower(email_address) = $2;

-- listAllTenantMembers
select "user_id", "email_address", "first_name", "last_name" from "tenant_members" where "tenant_id" = $1 order by lower(email_address);

-- listRoles
select "role_id", "role_name", "role_description", "rank" from "roles" order by "role_name";

-- listTenantMembers
select "user_id", "email_address", "first_name", "last_name" from "tenant_members" where "tenant_id" = $1 order by lower(email_address), "user_id" limit $2 offset $3;
select count(*) as "count" from "tenant_members" where "tenant_id" = $1;

-- listTenants
select "tenant_id", "display_name", "logo_url" from "tenants" where "tenant_id" in ($1) order by "display_name";

-- lockTenant
select "tenant_id" from "tenants" where "tenant_id" = $1 for update;

-- memberTenantIds
select distinct "tenant_id" from "tenant_members" where (lower(user_id) = $1 or lower(email_address) = $2);

-- setMemberRoles
delete from "tenant_member_roles" where "tenant_id" = $1 and "user_id" = $2;
insert into "tenant_member_roles" ("tenant_id", "user_id", "role_id") values ($1, $2, $3);
