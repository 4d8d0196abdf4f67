-- The SQL of packages/db/src/monitors/report-monitor-runs.ts, written by src/sql-snapshots.unit.test.ts

-- findMonitorRun
select "run_id" as "runId", "started_at" as "startedAt", "finished_at" as "finishedAt", "late" from "report_monitor_runs" where "check_date" = $1;

-- listMonitorRuns
select "run_id" as "runId", "check_date" as "checkDate", "scheduled_for" as "scheduledFor", "started_at" as "startedAt", "finished_at" as "finishedAt", "late", "due_count" as "dueCount", "missing_count" as "missingCount", "emailed_count" as "emailedCount", "due_monitor_ids" as "dueMonitorIds" from "report_monitor_runs" order by "check_date" desc limit $1;
