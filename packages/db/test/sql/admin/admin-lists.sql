-- The SQL of packages/db/src/admin/admin-lists.ts, written by src/sql-snapshots.unit.test.ts

-- boundedCount
select count(*)::int as n from ((select "partner_id" from "partners") limit $1) as matching;
