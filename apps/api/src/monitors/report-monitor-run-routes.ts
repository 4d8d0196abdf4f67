import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listMonitorRuns, type MonitorRun } from '@portal/db';
import { partnerScope } from '@portal/domain/admin/admin-partner';
import { MonitorRunsReply } from '@portal/domain/api/report-monitor-runs';
import { Type } from 'typebox';
import { requireUser } from '../plugins/access.js';

// The record of the 10:00 ET report monitor checks, for the Last checks panel of /admin/report-alerts:
// of the partners the user may access only (filtered in SQL).

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
        response: { 200: MonitorRunsReply },
      },
    },
    async (request) => {
      const scope = partnerScope(requireUser(request));
      return { runs: (await listMonitorRuns(app.db, { limit: request.query.limit, scope })).map(runView) };
    },
  );
};

export default reportMonitorRunsRoutes;
