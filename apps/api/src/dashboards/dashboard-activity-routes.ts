import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPartnerDashboards, monthlyViewsOfPartner } from '@portal/db';
import { canViewDashboard, viewMonthOf } from '@portal/domain';
import { PopularDashboards, TrackedDashboardEvent } from '@portal/domain/api/dashboards';
import { type BatchedEnqueue, createBatchedEnqueue } from '@portal/queue';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requirePartner } from '../plugins/access.js';
import { DashboardIdParams, PartnerParams } from './schemas.js';
import { viewableDashboard } from './viewable.js';

// SPEC.md §7: view and failure tracking, and the most-viewed read. Tracking answers at once: it
// writes one outbox row and the activity worker stores the event (ARCHITECTURE.md).
//
// {warehouse} of GET /api/{warehouse}/activity-logs/… names the store that holds the activity
// log. Here that is Postgres (dashboard_activity_events and its monthly aggregate), so the path
// is /api/postgres/activity-logs/popular-dashboards/{accessTypeCode}/{partnerCode}.
export const ACTIVITY_WAREHOUSE = 'postgres';

const FailureBody = Type.Optional(
  Type.Object(
    {
      status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
      reason: Type.Optional(Type.String({ maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
);

async function track(
  outbox: BatchedEnqueue,
  request: FastifyRequest,
  dashboardId: number,
  kind: 'VIEW' | 'FAIL',
  detail?: { status?: number; reason?: string },
) {
  const { user } = await viewableDashboard(request, dashboardId);
  const eventId = randomUUID();
  await outbox.enqueue({
    name: 'activity.dashboard-event',
    payload: {
      eventId,
      dashboardId,
      userId: user.userId,
      kind,
      occurredAt: request.server.now().toISOString(),
      ...(detail && { detail }),
    },
  });
  return { eventId };
}

const dashboardActivityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Tracking calls come in bursts from every open dashboard: their outbox rows share commits.
  const outbox = createBatchedEnqueue(app.db);
  app.addHook('onClose', () => outbox.close());
  app.post(
    '/api/activity/track/dashboard-view/:dashboardId',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Records that a dashboard was opened',
        params: DashboardIdParams,
        response: { 202: TrackedDashboardEvent },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await track(outbox, request, request.params.dashboardId, 'VIEW')),
  );

  app.post(
    '/api/activity/track/dashboard-fail/:dashboardId',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Records that a dashboard failed to load (status and reason as the viewer saw them)',
        params: DashboardIdParams,
        body: FailureBody,
        response: { 202: TrackedDashboardEvent },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await track(outbox, request, request.params.dashboardId, 'FAIL', request.body ?? {})),
  );

  app.get(
    `/api/${ACTIVITY_WAREHOUSE}/activity-logs/popular-dashboards/:accessTypeCode/:partnerCode`,
    {
      config: { access: 'authenticated' },
      schema: {
        summary:
          "Views this month of each of a partner's dashboards, most viewed first (the Most Viewed sort)",
        params: PartnerParams,
        response: { 200: PopularDashboards },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      const user = requirePartner(request, accessTypeCode, partnerCode);
      const viewable = new Set(
        (await listPartnerDashboards(app.db, accessTypeCode, partnerCode))
          .filter((d) => canViewDashboard(user, d))
          .map((d) => d.dashboardId),
      );
      const views = await monthlyViewsOfPartner(app.db, accessTypeCode, partnerCode, viewMonthOf(app.now()));
      return views.filter((v) => viewable.has(v.dashboardId));
    },
  );
};

export default dashboardActivityRoutes;
