-- The SQL of packages/db/src/admin/audit-log.ts, written by src/sql-snapshots.unit.test.ts

-- listAuditLog
select "audit_id" as "auditId", "at", "actor_user_id" as "actorUserId", "action", "entity_type" as "entityType", "entity_id" as "entityId", "before", "after", "detail" from "audit_log" where "entity_type" = $1 and lower(actor_user_id) = $2 and "at" >= $3::date::timestamp at time zone 'UTC' and "at" < ($4::date + 1)::timestamp at time zone 'UTC' order by "at" desc, "audit_id" desc limit $5 offset $6;
select count(*)::int as n from ((select "audit_id" from "audit_log" where "entity_type" = $1 and lower(actor_user_id) = $2 and "at" >= $3::date::timestamp at time zone 'UTC' and "at" < ($4::date + 1)::timestamp at time zone 'UTC') limit $5) as matching;
