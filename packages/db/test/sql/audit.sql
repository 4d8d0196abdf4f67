-- The SQL of packages/db/src/audit.ts, written by src/sql-snapshots.unit.test.ts

-- listAuditEntries
select * from "audit_log" where "entity_type" = $1 and "entity_id" = $2 order by "audit_id";

-- writeAudit
insert into "audit_log" ("actor_user_id", "action", "entity_type", "entity_id", "before", "after", "detail") values ($1, $2, $3, $4, $5, $6, $7);
