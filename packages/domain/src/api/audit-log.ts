import { type Static, Type } from 'typebox';
import { Nullable, PageReply } from './common.js';

// The reply of GET /api/admin/audit-log: who changed what, when, with the state before and after.

export const AuditEntry = Type.Object({
  auditId: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actorUserId: Nullable(Type.String()),
  action: Type.String(),
  entityType: Type.String(),
  entityId: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  detail: Type.Unknown(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditLogReply = Type.Object({ entries: Type.Array(AuditEntry), ...PageReply });
export type AuditLogReply = Static<typeof AuditLogReply>;
