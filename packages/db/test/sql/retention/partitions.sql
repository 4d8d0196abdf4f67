-- The SQL of packages/db/src/retention/partitions.ts, written by src/sql-snapshots.unit.test.ts

-- dropMonthPartition
begin;
set local lock_timeout = '2s';
drop table if exists "audit_log_p202501";
commit;

-- listPartitionMonths
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);

-- maintainPartitions
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
select make_month_partition($1, $2::timestamptz);
select make_month_partition($1, $2::timestamptz);
select make_month_partition($1, $2::timestamptz);
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
select make_month_partition($1, $2::timestamptz);
select make_month_partition($1, $2::timestamptz);
select make_month_partition($1, $2::timestamptz);

-- makeMonthPartitions
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
select make_month_partition($1, $2::timestamptz);
