-- The SQL of packages/db/src/dashboards/dashboard-activity.ts, written by src/sql-snapshots.unit.test.ts

-- findDashboardEvent
select * from "dashboard_activity_events" where "event_id" = $1;

-- listDashboardEvents
select * from "dashboard_activity_events" where "dashboard_id" = $1 and "kind" = $2 order by "occurred_at";

-- monthlyViewsOfPartner
select "v"."dashboard_id" as "dashboardId", "v"."views" from "dashboard_views_monthly" as "v" inner join "dashboards" as "d" on "d"."dashboard_id" = "v"."dashboard_id" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id" where upper(p.access_type_code) = upper($1) and upper(p.code) = upper($2) and "v"."month" = $3 order by "v"."views" desc;

-- recordDashboardEvents
select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1);
select make_month_partition($1, $2::timestamptz);
with input as ( select * from jsonb_to_recordset($1::jsonb) as x( event_id uuid, dashboard_id int, user_id text, kind text, detail jsonb, occurred_at timestamptz, month date) ), stored as ( insert into dashboard_activity_events (event_id, dashboard_id, user_id, kind, detail, occurred_at) select i.event_id, d.dashboard_id, i.user_id, i.kind, i.detail, i.occurred_at from input i join dashboards d on d.dashboard_id = i.dashboard_id on conflict (event_id, occurred_at) do nothing returning event_id, dashboard_id, kind ), counted as ( -- In key order, so that two groups counting the same dashboards lock them in the same order. insert into dashboard_views_monthly (dashboard_id, month, views) select s.dashboard_id, i.month, count(*) from stored s join input i using (event_id) where s.kind = 'VIEW' group by s.dashboard_id, i.month order by s.dashboard_id, i.month on conflict (dashboard_id, month) do update set views = dashboard_views_monthly.views + excluded.views returning 1 ) select (select count(*) from stored)::int as stored;
