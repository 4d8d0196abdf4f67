import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listAllDashboards } from '@portal/db';
import { partnerScope } from '@portal/domain/admin/admin-partner';
import { Dashboard, Dashboards, DeletedDashboard } from '@portal/domain/api/dashboards';
import { requireUser } from '../plugins/access.js';
import { addDashboard } from './add-dashboard.js';
import { deleteDashboard } from './delete-dashboard.js';
import { editDashboard } from './edit-dashboard.js';
import { DashboardBody, DashboardIdParams, dashboardView } from './schemas.js';

// SPEC.md §7: GET and POST /api/dashboards, PUT and DELETE /api/dashboards/{dashboardId}, for
// /admin/dashboards (MANAGE_DASHBOARDS). Each change writes its audit entry in its transaction. A
// manager sees and changes the dashboards of the partners they may access only, and no URL opening
// another partner's content (dashboards/dashboard-scope.ts).
const manage = { access: { feature: 'MANAGE_DASHBOARDS' } } as const;

const adminDashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({ db: app.db, quicksightHosts: app.config.dashboards.quicksightHosts, now: app.now });

  app.get(
    '/api/dashboards',
    {
      config: manage,
      schema: {
        summary: 'The dashboards of the partners the user may access',
        response: { 200: Dashboards },
      },
    },
    async (request) =>
      (await listAllDashboards(app.db, partnerScope(requireUser(request)))).map(dashboardView),
  );

  app.post(
    '/api/dashboards',
    {
      config: manage,
      schema: { summary: 'Adds a dashboard', body: DashboardBody, response: { 201: Dashboard } },
    },
    async (request, reply) => {
      const saved = await addDashboard(deps(), { actor: requireUser(request), body: request.body });
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
        response: { 200: Dashboard },
      },
    },
    async (request) => {
      const { dashboardId } = request.params;
      const actor = requireUser(request);
      return dashboardView(await editDashboard(deps(), { actor, dashboardId, body: request.body }));
    },
  );

  app.delete(
    '/api/dashboards/:dashboardId',
    {
      config: manage,
      schema: {
        summary: 'Deletes a dashboard',
        params: DashboardIdParams,
        response: { 200: DeletedDashboard },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return deleteDashboard({ db: app.db }, { actor, dashboardId: request.params.dashboardId });
    },
  );
};

export default adminDashboardRoutes;
