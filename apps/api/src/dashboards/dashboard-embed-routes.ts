import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findDashboardsByUrl } from '@portal/db';
import { canViewDashboard, isDemoQuickSightUrl, MESSAGES, quicksightDashboardIdOf } from '@portal/domain';
import {
  QuickSightEmbed,
  TableauEmbed,
  ThoughtSpotToken,
  ThoughtSpotUser,
} from '@portal/domain/api/dashboards';
import { Type } from 'typebox';
import { forbidden, HttpError, notFound } from '../lib/http/errors.js';
import { signTableauJwt } from '../lib/vendors/tableau-jwt.js';
import { requireUser } from '../plugins/access.js';
import { DashboardIdParams } from './schemas.js';
import { vendorUsername, viewableDashboard } from './viewable.js';

// SPEC.md §7: the vendors' embedding calls. Secrets stay here; the browser gets only a
// short-lived token or a single-use URL, and only for a dashboard it may open.
const viewTs = { access: { feature: 'VIEW_TS_DASHBOARDS' } } as const;

const dashboardEmbedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = app.dashboardServices;

  app.get(
    '/api/ThoughtSpotEmbed/:pinboardId',
    {
      config: viewTs,
      schema: {
        summary: 'A new ThoughtSpot trusted-authentication token for the user (one per call)',
        params: Type.Object({ pinboardId: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$' }) }),
        response: { 200: ThoughtSpotToken },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const dashboards = await findDashboardsByUrl(app.db, 'THOUGHTSPOT', request.params.pinboardId);
      if (dashboards.length === 0) throw notFound('Dashboard not found');
      if (!dashboards.some((d) => canViewDashboard(user, d))) throw forbidden();
      return services.thoughtSpot.fullToken(user.email || user.userId);
    },
  );

  app.get(
    '/api/thoughtspot/user',
    {
      config: viewTs,
      schema: {
        summary: 'The signed-in user in ThoughtSpot (name is the user’s email)',
        querystring: Type.Object({ name: Type.String({ minLength: 1, maxLength: 320 }) }),
        response: { 200: ThoughtSpotUser },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const name = request.query.name.trim();
      if (name.toLowerCase() !== (user.email || user.userId).toLowerCase()) throw forbidden();
      const found = await services.thoughtSpot.findUser(name);
      if (!found) throw notFound('The user does not exist in ThoughtSpot.');
      return found;
    },
  );

  app.post(
    '/api/thoughtspot/user',
    {
      config: viewTs,
      schema: {
        summary:
          'Makes sure the signed-in user exists in ThoughtSpot: 201 when created, 200 when already there',
        body: Type.Optional(Type.Object({ name: Type.Optional(Type.String({ maxLength: 320 })) })),
        response: { 200: ThoughtSpotUser, 201: ThoughtSpotUser },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const name = user.email || user.userId;
      if (request.body?.name && request.body.name.trim().toLowerCase() !== name.toLowerCase())
        throw forbidden();
      // Idempotent, so the viewer asks once instead of a lookup that 404s for every new user.
      const found = await services.thoughtSpot.findUser(name);
      if (found) return reply.status(200).send(found);
      const created = await services.thoughtSpot.createUser({
        name,
        display_name: `${user.firstName} ${user.lastName}`.trim() || name,
        email: user.email || name,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/quicksight/:dashboardId',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'A fresh QuickSight embed URL for the user',
        params: DashboardIdParams,
        response: { 200: QuickSightEmbed },
      },
    },
    async (request) => {
      const { user, dashboard } = await viewableDashboard(request, request.params.dashboardId, 'QUICKSIGHT');
      const { dashboardName } = dashboard;
      if (isDemoQuickSightUrl(dashboard.dashboardUrl))
        return { dashboardUrl: dashboard.dashboardUrl, dashboardName };
      const quicksightDashboardId = quicksightDashboardIdOf(dashboard.dashboardUrl);
      if (!services.quickSight || !quicksightDashboardId)
        throw new HttpError(503, MESSAGES.dashboardUnavailable);
      const dashboardUrl = await services.quickSight.embedUrl({
        userName: user.email || user.userId,
        quicksightDashboardId,
        allowedDomain: app.config.PUBLIC_URL,
      });
      return { dashboardUrl, dashboardName };
    },
  );

  app.get(
    '/api/tableau/:dashboardId',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'A Tableau connected-app JWT for the user, with the view path',
        params: DashboardIdParams,
        response: { 200: TableauEmbed },
      },
    },
    async (request) => {
      const { user, dashboard } = await viewableDashboard(request, request.params.dashboardId, 'TABLEAU');
      const settings = app.config.dashboards.tableau;
      const token = await signTableauJwt(settings, vendorUsername(user, settings.usernameFrom), app.now());
      return { dashboardUrl: dashboard.dashboardUrl, dashboardName: dashboard.dashboardName, token };
    },
  );
};

export default dashboardEmbedRoutes;
