import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  deleteDashboard,
  findDashboard,
  insertDashboard,
  listAllDashboards,
  updateDashboard,
  writeAudit,
} from '@portal/db';
import { Type } from '@sinclair/typebox';
import { dashboardInput } from '../../lib/dashboards/save-dashboard.js';
import {
  DashboardBody,
  DashboardIdParams,
  DashboardReply,
  dashboardView,
} from '../../lib/dashboards/schemas.js';
import { requireUser } from '../../plugins/access.js';
import { notFound } from '../../plugins/errors.js';

// SPEC.md §7: GET and POST /api/dashboards, PUT and DELETE /api/dashboards/{dashboardId}, for
// /admin/dashboards (MANAGE_DASHBOARDS). Each change writes its audit entry in its transaction.
const manage = { access: { feature: 'MANAGE_DASHBOARDS' } } as const;

const adminDashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/dashboards',
    { config: manage, schema: { summary: 'Every dashboard', response: { 200: Type.Array(DashboardReply) } } },
    async () => (await listAllDashboards(app.db)).map(dashboardView),
  );

  app.post(
    '/api/dashboards',
    {
      config: manage,
      schema: { summary: 'Adds a dashboard', body: DashboardBody, response: { 201: DashboardReply } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const input = await dashboardInput(app, request.body);
      const saved = await app.db.transaction().execute(async (trx) => {
        const dashboardId = await insertDashboard(trx, input, new Date());
        const after = await findDashboard(trx, dashboardId);
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'dashboard.create',
          entityType: 'dashboard',
          entityId: String(dashboardId),
          after,
        });
        return after;
      });
      if (!saved) throw notFound('Dashboard not found');
      return reply.status(201).send(dashboardView(saved));
    },
  );

  app.put(
    '/api/dashboards/:dashboardId',
    {
      config: manage,
      schema: {
        summary: 'Edits a dashboard',
        params: DashboardIdParams,
        body: DashboardBody,
        response: { 200: DashboardReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { dashboardId } = request.params;
      const input = await dashboardInput(app, request.body);
      const saved = await app.db.transaction().execute(async (trx) => {
        const before = await findDashboard(trx, dashboardId);
        if (!before || !(await updateDashboard(trx, dashboardId, input, new Date()))) return undefined;
        const after = await findDashboard(trx, dashboardId);
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'dashboard.update',
          entityType: 'dashboard',
          entityId: String(dashboardId),
          before,
          after,
        });
        return after;
      });
      if (!saved) throw notFound('Dashboard not found');
      return dashboardView(saved);
    },
  );

  app.delete(
    '/api/dashboards/:dashboardId',
    {
      config: manage,
      schema: {
        summary: 'Deletes a dashboard',
        params: DashboardIdParams,
        response: { 200: Type.Object({ dashboardId: Type.Integer() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { dashboardId } = request.params;
      const deleted = await app.db.transaction().execute(async (trx) => {
        const before = await findDashboard(trx, dashboardId);
        if (!before || !(await deleteDashboard(trx, dashboardId))) return false;
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'dashboard.delete',
          entityType: 'dashboard',
          entityId: String(dashboardId),
          before,
        });
        return true;
      });
      if (!deleted) throw notFound('Dashboard not found');
      return { dashboardId };
    },
  );
};

export default adminDashboardRoutes;
