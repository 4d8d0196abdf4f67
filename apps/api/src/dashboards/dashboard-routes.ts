import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findPartnerId, listPartnerDashboards } from '@portal/db';
import { canViewDashboard } from '@portal/domain';
import {
  Dashboard,
  DashboardContentTypes,
  DashboardPartners,
  PartnerDashboards,
} from '@portal/domain/api/dashboards';
import { Type } from 'typebox';
import { notFound } from '../lib/http/errors.js';
import { SerialId } from '../lib/http/route-params.js';
import { requirePartner, requireUser } from '../plugins/access.js';
import { dashboardPartnersOf } from './dashboard-partners.js';
import { dashboardView, PartnerParams } from './schemas.js';
import { viewableDashboard } from './viewable.js';

// SPEC.md §7 Dashboards, the reads of the selection pages and viewers. Every partner in a path
// and every dashboard id is checked against the signed-in user; ThoughtSpot dashboards are listed
// only for users with VIEW_TS_DASHBOARDS.
const DashboardIdInPartner = Type.Evaluate(
  Type.Intersect([PartnerParams, Type.Object({ dashboardId: SerialId })]),
);

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/dashboards/partners',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Partners with dashboards the user may open, by access type',
        response: { 200: DashboardPartners },
      },
    },
    async (request) => dashboardPartnersOf(app.db, requireUser(request)),
  );

  app.get(
    '/api/dashboards/:accessTypeCode/:partnerCode',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "A partner's dashboards the user may open",
        params: PartnerParams,
        response: { 200: PartnerDashboards },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      const user = requirePartner(request, accessTypeCode, partnerCode);
      const partner = await findPartnerId(app.db, accessTypeCode, partnerCode);
      if (!partner) throw notFound('Partner not found');
      const dashboards = (await listPartnerDashboards(app.db, accessTypeCode, partnerCode)).filter((d) =>
        canViewDashboard(user, d),
      );
      return {
        partner: { type: partner.type, code: partner.code, name: partner.name },
        dashboards: dashboards.map(dashboardView),
      };
    },
  );

  app.get(
    '/api/dashboards/:accessTypeCode/:partnerCode/:dashboardId',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'One dashboard of a partner',
        params: DashboardIdInPartner,
        response: { 200: Dashboard },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode, dashboardId } = request.params;
      requirePartner(request, accessTypeCode, partnerCode);
      const { dashboard } = await viewableDashboard(request, dashboardId);
      const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
      if (!same(dashboard.partner.type, accessTypeCode) || !same(dashboard.partner.code, partnerCode)) {
        throw notFound('Dashboard not found');
      }
      return dashboardView(dashboard);
    },
  );

  app.get(
    '/api/dashboards/content-types/:accessTypeCode/:partnerCode',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Content types of a partner's dashboards (an array)",
        params: PartnerParams,
        response: { 200: DashboardContentTypes },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      const user = requirePartner(request, accessTypeCode, partnerCode);
      const dashboards = await listPartnerDashboards(app.db, accessTypeCode, partnerCode);
      const types = dashboards
        .filter((d) => canViewDashboard(user, d))
        .map((d) => d.dashboardContentType?.trim());
      return [...new Set(types.filter((t): t is string => Boolean(t)))].sort((a, b) => a.localeCompare(b));
    },
  );
};

export default dashboardRoutes;
