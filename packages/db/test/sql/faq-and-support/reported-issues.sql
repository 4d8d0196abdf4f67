-- The SQL of packages/db/src/faq-and-support/reported-issues.ts, written by src/sql-snapshots.unit.test.ts

-- createReportedIssue
insert into "reported_issues" ("user_id", "phone", "reason", "message") values ($1, $2, $3, $4) returning "issue_id" as "issueId", "created_at" as "createdAt";
-- then threw: no result

-- listIssueReasons
select "reason" from "issue_reasons" order by "sort_order", "reason";

-- listReportedIssues
select "issue_id" as "issueId", "phone", "reason", "message", "created_at" as "createdAt" from "reported_issues" where "user_id" = $1 order by "issue_id";
