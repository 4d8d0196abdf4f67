-- The SQL of packages/db/src/saas-users/invitations.ts, written by src/sql-snapshots.unit.test.ts

-- findInvitation


-- findInvitationByTokenHash
select "invitation_id", "tenant_id", "email_address", "user_role_ids", "is_thoughtspot_user", "inviter_name", "created_at", "expires_at", "accepted_at", "deleted_at", "mailed_at", "accepted_by_user_id" from "invitations" where "token_hash" = $1;

-- findInvitationSignInAgain
select "invitation_id" from "pending_logins" where "state" = $1 and "invitation_id" is not null and "expires_at" > now();

-- hasPendingInvitation
select "invitation_id" from "invitations" where "tenant_id" = $1 and lower(email_address) = $2 and "accepted_at" is null and "deleted_at" is null and "expires_at" > $3;

-- insertInvitation
insert into "invitations" ("tenant_id", "email_address", "user_role_ids", "is_thoughtspot_user", "inviter_name", "created_at", "expires_at") values ($1, $2, $3, $4, $5, $6, $7) returning "invitation_id", "tenant_id", "email_address", "user_role_ids", "is_thoughtspot_user", "inviter_name", "created_at", "expires_at", "accepted_at", "deleted_at", "mailed_at", "accepted_by_user_id";
-- then threw: no result

-- listPendingInvitations
select "invitation_id", "tenant_id", "email_address", "user_role_ids", "is_thoughtspot_user", "inviter_name", "created_at", "expires_at", "accepted_at", "deleted_at", "mailed_at", "accepted_by_user_id" from "invitations" where "tenant_id" = $1 and "accepted_at" is null and "deleted_at" is null and "expires_at" > $2 order by "created_at" desc, "invitation_id" limit $3 offset $4;

-- lockInvitation


-- markInvitationAccepted
update "invitations" set "accepted_at" = $1, "accepted_by_user_id" = $2 where "invitation_id" = $3;

-- markInvitationDeleted
update "invitations" set "deleted_at" = $1 where "invitation_id" = $2;

-- markInvitationMailed
update "invitations" set "mailed_at" = $1 where "invitation_id" = $2;

-- recordInvitationToken
update "invitations" set "token_hash" = $1 where "invitation_id" = $2;

-- renewInvitation
update "invitations" set "expires_at" = $1, "mailed_at" = $2, "token_hash" = $3 where "invitation_id" = $4 returning "invitation_id", "tenant_id", "email_address", "user_role_ids", "is_thoughtspot_user", "inviter_name", "created_at", "expires_at", "accepted_at", "deleted_at", "mailed_at", "accepted_by_user_id";
-- then threw: no result

-- takeInvitationSignInAgain

