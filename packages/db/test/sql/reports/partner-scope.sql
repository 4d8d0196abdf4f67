-- The SQL of packages/db/src/reports/partner-scope.ts, written by src/sql-snapshots.unit.test.ts

-- partnerInScope
select "p"."partner_id" from "partners" as "p" where ("p"."access_type_code" = $1 and lower(p.code) = $2);
