-- The SQL of packages/db/src/operations/health.ts, written by src/sql-snapshots.unit.test.ts

-- pingDatabase
select 1;
