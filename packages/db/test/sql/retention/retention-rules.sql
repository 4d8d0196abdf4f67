-- The SQL of packages/db/src/retention/retention-rules.ts, written by src/sql-snapshots.unit.test.ts

-- applyRetention
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
select make_month_partition($1, $2::timestamptz);
select make_month_partition($1, $2::timestamptz);
select make_month_partition($1, $2::timestamptz);
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
select make_month_partition($1, $2::timestamptz);
select make_month_partition($1, $2::timestamptz);
select make_month_partition($1, $2::timestamptz);
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
delete from "outbox" where ctid = any(array( select ctid from "outbox" where published_at < $1 limit $2 for update skip locked));
delete from "mail_deliveries" where ctid = any(array( select ctid from "mail_deliveries" where claimed_at < $1 limit $2 for update skip locked));
delete from "webhook_deliveries" where ctid = any(array( select ctid from "webhook_deliveries" where created_at < $1 limit $2 for update skip locked));
delete from "report_events" where ctid = any(array( select ctid from "report_events" where occurred_at < $1 and not exists (select from report_subscription_items i where i.event_id = report_events.event_id) and not exists (select from webhook_deliveries d where d.event_id = report_events.event_id) limit $2 for update skip locked));
delete from "report_monitor_runs" where ctid = any(array( select ctid from "report_monitor_runs" where check_date < $1::date limit $2 for update skip locked));
delete from "dashboard_views_monthly" where ctid = any(array( select ctid from "dashboard_views_monthly" where month < $1::date limit $2 for update skip locked));
delete from "human_verification_uses" where ctid = any(array( select ctid from "human_verification_uses" where expires_at < $1 limit $2 for update skip locked));
