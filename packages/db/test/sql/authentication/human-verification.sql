-- The SQL of packages/db/src/authentication/human-verification.ts, written by src/sql-snapshots.unit.test.ts

-- claimVerificationToken
delete from "human_verification_uses" where "expires_at" < now();
insert into "human_verification_uses" ("token_hash", "expires_at") values ($1, $2) on conflict ("token_hash") do nothing returning "token_hash";
