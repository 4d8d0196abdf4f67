-- The SQL of packages/db/src/batched-delete.ts, written by src/sql-snapshots.unit.test.ts

-- deleteInBatches
delete from "outbox" where ctid = any(array( select ctid from "outbox" where published_at < $1 limit $2 for update skip locked));
