import type { Db } from './db.js';

/** One administrative change: who made it, what it touched, and the state before and after. */
export type AuditEntry = {
  /** The signed-in user, or a description such as 'cli:issue-token' for operator scripts. */
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  detail?: unknown;
};

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Write it with the same `db` (transaction) as the change, so both commit or neither does. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: json(entry.before),
      after: json(entry.after),
      detail: json(entry.detail),
    })
    .execute();
}

export async function listAuditEntries(db: Db, entityType: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('audit_id')
    .execute();
}
