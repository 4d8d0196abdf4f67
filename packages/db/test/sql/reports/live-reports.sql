-- The SQL of packages/db/src/reports/live-reports.ts, written by src/sql-snapshots.unit.test.ts

-- whereLive
select "r"."report_id" from "reports" as "r" where "r"."deleted_at" is null and "r"."superseded_at" is null;
