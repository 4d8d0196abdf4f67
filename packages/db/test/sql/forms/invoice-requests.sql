-- The SQL of packages/db/src/forms/invoice-requests.ts, written by src/sql-snapshots.unit.test.ts

-- deletePendingInvoiceRequest
select * from "customer_invoice_requests" where "record_id" = $1 and "deleted_at" is null for update;

-- insertInvoiceRequest
insert into "customer_invoice_requests" ("account_number", "start_date", "end_date", "batch_date", "created_by", "created_at", "updated_at") values ($1, $2, $3, $4, $5, $6, $7) returning *;
-- then threw: no result

-- listInvoiceRequests
select * from "customer_invoice_requests" where "deleted_at" is null order by "created_at" desc, "record_id" desc;

-- updatePendingInvoiceRequest
select * from "customer_invoice_requests" where "record_id" = $1 and "deleted_at" is null for update;
