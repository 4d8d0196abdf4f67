import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// GET /api/report-monitors/runs: the record of the 10:00 ET report monitor checks, for the Last
// checks panel of /admin/report-alerts.

export const MissingReport = Type.Object({
  reportMonitorId: Type.Integer(),
  accessTypeCode: Type.String(),
  partnerCode: Type.String(),
  partnerName: Type.String(),
  categoryCode: Type.String(),
  categoryName: Type.String(),
  frequencyTypeCode: Type.String(),
  frequencyDay: Nullable(Type.String()),
  frequencyNumber: Nullable(Type.Integer()),
  dueDate: Type.String({ format: 'date' }),
  /** Who was emailed; empty when the category has no owners and nobody was told. */
  recipients: Type.Array(Type.String()),
  emailed: Type.Boolean(),
});
export type MissingReport = Static<typeof MissingReport>;

export const MonitorRun = Type.Object({
  checkDate: Type.String({ format: 'date' }),
  scheduledFor: Nullable(Type.String({ format: 'date-time' })),
  startedAt: Type.String({ format: 'date-time' }),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
  late: Type.Boolean(),
  dueCount: Type.Integer(),
  missingCount: Type.Integer(),
  emailedCount: Type.Integer(),
  due: Type.Array(Type.Integer(), { description: 'reportMonitorId of every monitor due that day' }),
  missing: Type.Array(MissingReport),
});
export type MonitorRun = Static<typeof MonitorRun>;

export const MonitorRunsReply = Type.Object({ runs: Type.Array(MonitorRun) });
export type MonitorRunsReply = Static<typeof MonitorRunsReply>;
