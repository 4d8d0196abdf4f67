import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listAdminReportMonitors } from '@portal/db';
import { ALERT_ACCESS_TYPE, partnerScope } from '@portal/domain/admin/admin-partner';
import { ReportMonitor, ReportMonitorListReply } from '@portal/domain/api/partners';
import { Type } from 'typebox';
import { Filter, PageQuery } from '../lib/http/list-query.js';
import { Code } from '../lib/http/route-params.js';
import { requirePartner, requireUser } from '../plugins/access.js';
import { addReportMonitor } from './add-report-monitor.js';
import { deleteReportMonitor } from './delete-report-monitor.js';
import { editReportMonitor } from './edit-report-monitor.js';
import { ReportAlertFields, ReportMonitorId } from './schemas.js';
import { monitorView } from './views.js';

// SPEC.md §7 report monitors (the report alerts of /admin/report-alerts): every alert across
// partners, and one alert's creation, change and removal, each audited. Feature
// MANAGE_REPORT_CATEGORIES (§6); the alert's partner must be one the user may use.

const access = { access: { feature: 'MANAGE_REPORT_CATEGORIES' as const } };
const Params = Type.Object({ reportMonitorId: ReportMonitorId });

const reportMonitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The user's right to an alert's partner, for the services. */
  const authorizeFor = (request: Parameters<typeof requireUser>[0]) => (type: string, code: string) => {
    requirePartner(request, type, code, 'MANAGE_REPORT_CATEGORIES');
  };

  app.get(
    '/api/report-monitors',
    {
      config: access,
      schema: {
        summary: 'A page of report alerts across partners',
        querystring: Type.Object({
          ...PageQuery,
          sort: Type.Union(
            [Type.Literal('partner'), Type.Literal('category'), Type.Literal('frequencyType')],
            {
              default: 'partner',
            },
          ),
          partner: Filter,
          category: Filter,
          frequencyTypeCode: Filter,
        }),
        response: { 200: ReportMonitorListReply },
      },
    },
    async (request) => {
      const { page, pageSize, sort, order, partner, category, frequencyTypeCode } = request.query;
      const scope = partnerScope(requireUser(request));
      const filters = { partner, category, frequencyTypeCode };
      const list = await listAdminReportMonitors(app.db, { page, pageSize, sort, order, filters, scope });
      return { monitors: list.rows.map(monitorView), page, pageSize, total: list.total };
    },
  );

  app.post(
    '/api/report-monitors',
    {
      config: access,
      schema: {
        summary: 'Adds a report alert to a partner category',
        body: Type.Object({
          accessTypeCode: Type.Optional(Type.String({ maxLength: 20, default: ALERT_ACCESS_TYPE })),
          partnerCode: Code,
          ...ReportAlertFields,
        }),
        response: { 201: ReportMonitor },
      },
    },
    async (request, reply) => {
      const { userId: actorUserId } = requireUser(request);
      const authorize = authorizeFor(request);
      const created = await addReportMonitor({ db: app.db }, { actorUserId, authorize, alert: request.body });
      return reply.status(201).send(monitorView(created));
    },
  );

  app.put(
    '/api/report-monitors/:reportMonitorId',
    {
      config: access,
      schema: {
        summary: "Changes a report alert's category or schedule (its partner stays)",
        params: Params,
        body: Type.Object({
          accessTypeCode: Type.Optional(Type.String({ maxLength: 20 })),
          partnerCode: Type.Optional(Code),
          ...ReportAlertFields,
        }),
        response: { 200: ReportMonitor },
      },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      const { reportMonitorId } = request.params;
      const input = { actorUserId, authorize: authorizeFor(request), reportMonitorId, alert: request.body };
      return monitorView(await editReportMonitor({ db: app.db }, input));
    },
  );

  app.delete(
    '/api/report-monitors/:reportMonitorId',
    {
      config: access,
      schema: { summary: 'Deletes a report alert', params: Params, response: { 200: ReportMonitor } },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      const { reportMonitorId } = request.params;
      const input = { actorUserId, authorize: authorizeFor(request), reportMonitorId };
      return monitorView(await deleteReportMonitor({ db: app.db }, input));
    },
  );
};

export default reportMonitorRoutes;
