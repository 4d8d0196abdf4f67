-- The SQL of packages/db/src/forms/disputes.ts, written by src/sql-snapshots.unit.test.ts

-- deletePendingDispute
select * from "disputes" where "record_id" = $1 and "retailer" = $2 and "deleted_at" is null for update;

-- insertDisputes
insert into "disputes" ("message_type", "customer_id", "bin", "message_date", "dispute_reason_desc", "transaction_date", "last_four_card_num", "dispute_amount", "transaction_amount", "issuer_claim_id", "issuer_claim_transaction_id", "merchant_id", "acquirer_ref_id", "acquirer_claim_id", "retailer", "batch_date", "created_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning *;

-- listDisputes
select * from "disputes" where "retailer" = $1 and "deleted_at" is null and "batch_id" is null order by "created_at" desc, "record_id" desc limit $2;

-- updatePendingDispute
select * from "disputes" where "record_id" = $1 and "retailer" = $2 and "deleted_at" is null for update;
