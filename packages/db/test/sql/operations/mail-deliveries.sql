-- The SQL of packages/db/src/operations/mail-deliveries.ts, written by src/sql-snapshots.unit.test.ts

-- claimDelivery
insert into "mail_deliveries" ("job_id", "message_id", "recipients", "subject", "status") values ($1, $2, $3, $4, $5) on conflict ("job_id") do update set "status" = $6, "attempts" = "mail_deliveries"."attempts" + $7, "claimed_at" = now() where ("mail_deliveries"."status" = $8 or ("mail_deliveries"."status" = $9 and "mail_deliveries"."claimed_at" < now() - interval '30 seconds')) returning "job_id";
select "status" from "mail_deliveries" where "job_id" = $1;

-- markDeliveryFailed
update "mail_deliveries" set "status" = $1, "last_error" = $2 where "job_id" = $3;

-- markDeliverySent
update "mail_deliveries" set "status" = $1, "sent_at" = now(), "last_error" = $2 where "job_id" = $3;

-- touchDelivery
update "mail_deliveries" set "claimed_at" = now() where "job_id" = $1 and "status" = $2;
