-- The SQL of packages/db/src/forms/pending-records.ts, written by src/sql-snapshots.unit.test.ts

-- changePendingRecord
select * from "disputes" where "record_id" = $1 and "retailer" = $2 and "deleted_at" is null for update;

-- deletePendingRecord
select * from "customer_invoice_requests" where "record_id" = $1 and "deleted_at" is null for update;

-- pendingThrough
select "record_id" from "disputes" where batch_id is null and deleted_at is null and batch_date <= $1;
