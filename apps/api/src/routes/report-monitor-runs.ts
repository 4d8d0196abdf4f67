import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listMonitorRuns, type MonitorRun } from '@portal/db/report-monitor-runs';
import { Type } from '@sinclair/typebox';

// The record of the 10:00 ET report monitor checks, for the Last checks panel of /admin/report-alerts.

const MissingReport = Type.Object({
  reportMonitorId: Type.Integer(),
  accessTypeCode: Type.String(),
  partnerCode: Type.String(),
  partnerName: Type.String(),
  categoryCode: Type.String(),
  categoryName: Type.String(),
  frequencyTypeCode: Type.String(),
  frequencyDay: Type.Union([Type.String(), Type.Null()]),
  frequencyNumber: Type.Union([Type.Integer(), Type.Null()]),
  dueDate: Type.String({ format: 'date' }),
  /** Who was emailed; empty when the category has no owners and nobody was told. */
  recipients: Type.Array(Type.String()),
  emailed: Type.Boolean(),
});

const Run = Type.Object({
  checkDate: Type.String({ format: 'date' }),
  scheduledFor: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  startedAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  late: Type.Boolean(),
  dueCount: Type.Integer(),
  missingCount: Type.Integer(),
  emailedCount: Type.Integer(),
  due: Type.Array(Type.Integer(), { description: 'reportMonitorId of every monitor due that day' }),
  missing: Type.Array(MissingReport),
});

const RunsReply = Type.Object({ runs: Type.Array(Run) });

function runView(run: MonitorRun) {
  return {
    checkDate: run.checkDate,
    scheduledFor: run.scheduledFor?.toISOString() ?? null,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    late: run.late,
    dueCount: run.dueCount,
    missingCount: run.missingCount,
    emailedCount: run.emailedCount,
    due: run.dueMonitorIds,
    missing: run.alerts.map((alert) => ({ ...alert, emailed: alert.recipients.length > 0 })),
  };
}

const reportMonitorRunsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/report-monitors/runs',
    {
      config: { access: { feature: 'MANAGE_REPORT_CATEGORIES' } },
      schema: {
        summary:
          'The last report monitor checks: when each ran, which monitors were due and missing, who was emailed',
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 60, default: 10 }) }),
        response: { 200: RunsReply },
      },
    },
    async (request) => ({
      runs: (await listMonitorRuns(app.db, { limit: request.query.limit })).map(runView),
    }),
  );
};

export default reportMonitorRunsRoutes;
