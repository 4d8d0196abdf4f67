-- The SQL of packages/db/src/forms/form-batches.ts, written by src/sql-snapshots.unit.test.ts

-- claimBatch
insert into "dispute_batches" ("batch_date", "scheduled_for", "started_at", "late", "status") values ($1, $2, $3, $4, $5) on conflict ("batch_date") do nothing returning "batch_id";

-- countPendingThrough
select count(*) as "count" from "disputes" where batch_id is null and deleted_at is null and batch_date <= $1;
-- then threw: no result

-- disputeFileRecords
select "record_id" as "recordId", "retailer", "message_type" as "messageType", "customer_id" as "customerId", "bin", "message_date" as "messageDate", "dispute_reason_desc" as "disputeReasonDesc", "transaction_date" as "transactionDate", "last_four_card_num" as "lastFourCardNum", (dispute_amount * 100)::bigint::int8 as "disputeAmountCents", (transaction_amount * 100)::bigint::int8 as "transactionAmountCents", "issuer_claim_id" as "issuerClaimId", "issuer_claim_transaction_id" as "issuerClaimTransactionId", "merchant_id" as "merchantId", "acquirer_ref_id" as "acquirerRefId", "acquirer_claim_id" as "acquirerClaimId", "chargeback_reference_id" as "chargebackReferenceId" from "disputes" where "record_id" > $1 and batch_id = $2 order by "record_id" limit $3;

-- findBatch
select * from "invoice_batches" where "batch_date" = $1;

-- finishBatch
update "invoice_batches" set "status" = $1, "storage_key" = $2, "checksum_sha256" = $3, "finished_at" = $4, "request_count" = $5 where "batch_id" = $6;

-- invoiceFileRecords
select "record_id" as "recordId", "account_number" as "accountNumber", "start_date" as "startDate", "end_date" as "endDate" from "customer_invoice_requests" where "record_id" > $1 and batch_id is null and deleted_at is null and batch_date <= $2 order by "record_id" limit $3;

-- lastBatchDate
select max("batch_date") as "last" from "dispute_batches" where "batch_date" <= $1;

-- listBatches
select * from "dispute_batches" order by "batch_date" desc limit $1;
select * from "invoice_batches" order by "batch_date" desc limit $1;

-- takeBatchRecords
update "disputes" set "batch_id" = $1 where batch_id is null and deleted_at is null and batch_date <= $2;
