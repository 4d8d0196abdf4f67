import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeAudit } from '@portal/db';
import { findAdminPartners } from '@portal/db/admin-partners';
import {
  deleteReportMonitor,
  findAdminReportMonitor,
  insertReportMonitor,
  listAdminReportMonitors,
  updateReportMonitor,
} from '@portal/db/admin-report-monitors';
import { toScheduleFields } from '@portal/domain';
import { ALERT_ACCESS_TYPE, alertsEnabledFor, partnerScope, sameCode } from '@portal/domain/admin-partner';
import {
  type ReportAlertInput,
  reportAlertProblems,
  reportAlertSchedule,
} from '@portal/domain/admin-report-alert';
import { Type } from '@sinclair/typebox';
import { throwProblems } from '../../lib/admin/problems.js';
import { ALERTS_FOR_EXT_ONLY, PARTNER_NOT_FOUND } from '../../lib/admin/save-partner.js';
import { categoryFrequencies, monitorAuditView, monitorView } from '../../lib/admin/views.js';
import { requirePartner, requireUser } from '../../plugins/access.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { ReportAlertFields, ReportMonitor, ReportMonitorId } from './partner-schemas.js';
import { Code, Filter, PageQuery, PageReply } from './schemas.js';

// SPEC.md §7 report monitors (the report alerts of /admin/report-alerts): every alert across
// partners, and one alert's creation, change and removal, each audited. Feature
// MANAGE_REPORT_CATEGORIES (§6); the alert's partner must be one the user may use.

const access = { access: { feature: 'MANAGE_REPORT_CATEGORIES' as const } };
const Params = Type.Object({ reportMonitorId: ReportMonitorId });
export const REPORT_ALERT_NOT_FOUND = 'Report alert was not found.';

const reportMonitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The partner of an alert, the user's right to it, and the alert's rules against it. */
  const checkedAlert = async (
    request: Parameters<typeof requireUser>[0],
    alert: ReportAlertInput & { accessTypeCode?: string; partnerCode: string },
  ) => {
    const [partner] = await findAdminPartners(
      app.db,
      alert.partnerCode,
      alert.accessTypeCode ?? ALERT_ACCESS_TYPE,
    );
    if (!partner) throw notFound(PARTNER_NOT_FOUND);
    requirePartner(request, partner.type, partner.code, 'MANAGE_REPORT_CATEGORIES');
    if (!alertsEnabledFor(partner.type)) throw badRequest(ALERTS_FOR_EXT_ONLY, { field: 'partnerCode' });
    throwProblems(reportAlertProblems(alert, categoryFrequencies(partner)));
    const category = partner.categories.find((c) => sameCode(c.code, alert.categoryCode))!;
    return { partner, categoryCode: category.code, schedule: toScheduleFields(reportAlertSchedule(alert)!) };
  };

  const existing = async (request: Parameters<typeof requireUser>[0], reportMonitorId: number) => {
    const monitor = await findAdminReportMonitor(app.db, reportMonitorId);
    if (!monitor) throw notFound(REPORT_ALERT_NOT_FOUND);
    requirePartner(request, monitor.accessTypeCode, monitor.partnerCode, 'MANAGE_REPORT_CATEGORIES');
    return monitor;
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
        response: { 200: Type.Object({ monitors: Type.Array(ReportMonitor), ...PageReply }) },
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
      const user = requireUser(request);
      const { partner, categoryCode, schedule } = await checkedAlert(request, request.body);
      const created = await app.db.transaction().execute(async (trx) => {
        const id = await insertReportMonitor(trx, {
          ...schedule,
          partnerId: partner.partnerId,
          categoryCode,
        });
        const monitor = (await findAdminReportMonitor(trx, id))!;
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'report-monitor.create',
          entityType: 'report-monitor',
          entityId: String(id),
          before: null,
          after: monitorAuditView(monitor),
        });
        return monitor;
      });
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
      const user = requireUser(request);
      const before = await existing(request, request.params.reportMonitorId);
      const alert = {
        ...request.body,
        accessTypeCode: before.accessTypeCode,
        partnerCode: before.partnerCode,
      };
      const { categoryCode, schedule } = await checkedAlert(request, alert);
      const after = await app.db.transaction().execute(async (trx) => {
        const reportMonitorId = before.reportMonitorId;
        const changed = await updateReportMonitor(trx, {
          ...schedule,
          reportMonitorId,
          partnerId: before.partnerId,
          categoryCode,
        });
        if (!changed) throw notFound(REPORT_ALERT_NOT_FOUND);
        const monitor = (await findAdminReportMonitor(trx, reportMonitorId))!;
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'report-monitor.update',
          entityType: 'report-monitor',
          entityId: String(reportMonitorId),
          before: monitorAuditView(before),
          after: monitorAuditView(monitor),
        });
        return monitor;
      });
      return monitorView(after);
    },
  );

  app.delete(
    '/api/report-monitors/:reportMonitorId',
    {
      config: access,
      schema: { summary: 'Deletes a report alert', params: Params, response: { 200: ReportMonitor } },
    },
    async (request) => {
      const user = requireUser(request);
      const before = await existing(request, request.params.reportMonitorId);
      await app.db.transaction().execute(async (trx) => {
        if (!(await deleteReportMonitor(trx, before.reportMonitorId, before.partnerId))) {
          throw notFound(REPORT_ALERT_NOT_FOUND);
        }
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'report-monitor.delete',
          entityType: 'report-monitor',
          entityId: String(before.reportMonitorId),
          before: monitorAuditView(before),
          after: null,
        });
      });
      return monitorView(before);
    },
  );
};

export default reportMonitorRoutes;
