import { sql } from 'kysely';
import type { Db } from '../db.js';
import { boundedCount, offsetOf, type Page, type PageRequest } from './admin-lists.js';

// The audit log as internal admins read it: newest first, filtered by entity type, actor and
// date range (UTC days, 'YYYY-MM-DD', both ends included), paged in the database.

export type AuditLogQuery = PageRequest & {
  filters: { entityType?: string; actor?: string; from?: string; to?: string };
};

export type AuditLogRow = {
  auditId: number;
  at: Date;
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  detail: unknown;
};

export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<Page<AuditLogRow>> {
  const { entityType, actor, from, to } = query.filters;
  let q = db.selectFrom('audit_log');
  if (entityType?.trim()) q = q.where('entity_type', '=', entityType.trim());
  if (actor?.trim()) q = q.where(sql<string>`lower(actor_user_id)`, '=', actor.trim().toLowerCase());
  if (from) q = q.where('at', '>=', sql<Date>`${from}::date::timestamp at time zone 'UTC'`);
  if (to) q = q.where('at', '<', sql<Date>`(${to}::date + 1)::timestamp at time zone 'UTC'`);
  const rows = await q
    .select([
      'audit_id as auditId',
      'at',
      'actor_user_id as actorUserId',
      'action',
      'entity_type as entityType',
      'entity_id as entityId',
      'before',
      'after',
      'detail',
    ])
    .orderBy('at', 'desc')
    .orderBy('audit_id', 'desc')
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  const total = await boundedCount(db, q.select('audit_id'));
  return { rows: rows.map((r) => ({ ...r, auditId: Number(r.auditId) })), total };
}
