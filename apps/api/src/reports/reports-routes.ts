import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCatalogPartner, listCatalogPartners, listPartnerCategories } from '@portal/db';
import { canAccessPartner, MESSAGES } from '@portal/domain';
import { Message } from '@portal/domain/api/common';
import {
  CategoriesReply,
  DeletedReport,
  PartnersReply,
  ReportDatesReply,
  ReportsReply,
} from '@portal/domain/api/reports';
import { isIsoDate } from '@portal/domain/time/iso-date';
import { Type } from 'typebox';
import { badRequest, notFound } from '../lib/http/errors.js';
import { PartnerParams, CategoryParams as ReportsParams } from '../lib/http/route-params.js';
import { requirePartner, requireUser } from '../plugins/access.js';
import { deleteReport } from './delete-report.js';
import { loadPermittedReports, parseReportId } from './report-ids.js';
import { reportDatesOf, reportsPage } from './reports-page.js';

// Partner selection, report categories and reports (SPEC.md §2, §3, §7), and the report delete
// of §4. Every partner in a path is checked against the user's access before anything is read.

const viewReports = { access: { feature: 'VIEW_REPORTS' as const } };
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** startDate/endDate: one alone means that day; a start later than the end is swapped (SPEC.md §5). */
function dateRange(query: { startDate?: string | undefined; endDate?: string | undefined }) {
  const start = query.startDate ?? query.endDate;
  const end = query.endDate ?? query.startDate;
  if (start === undefined || end === undefined) return null;
  if (!isIsoDate(start) || !isIsoDate(end)) throw badRequest('Dates are written YYYY-MM-DD.');
  return start <= end ? { startDate: start, endDate: end } : { startDate: end, endDate: start };
}

const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const partnerOrNotFound = async (accessTypeCode: string, partnerCode: string) => {
    const partner = await findCatalogPartner(app.db, accessTypeCode, partnerCode);
    if (!partner) throw notFound(MESSAGES.partnerNotFound);
    return partner;
  };

  app.get(
    '/api/partners',
    {
      config: viewReports,
      schema: {
        response: { 200: PartnersReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const visible = (await listCatalogPartners(app.db)).filter((p) =>
        canAccessPartner(user, p.type, p.code),
      );
      const accessTypes = new Map<string, string>();
      const partners: Record<string, { name: string; code: string; type: string; hasLogo: boolean }[]> = {};
      for (const partner of visible) {
        accessTypes.set(partner.type, partner.accessTypeName);
        const group = partners[partner.type] ?? [];
        group.push({ name: partner.name, code: partner.code, type: partner.type, hasLogo: partner.hasLogo });
        partners[partner.type] = group;
      }
      return { accessTypes: [...accessTypes].map(([code, name]) => ({ code, name })), partners };
    },
  );

  app.get(
    '/api/categories/:accessTypeCode/:partnerCode',
    {
      config: viewReports,
      schema: {
        params: PartnerParams,
        response: { 200: CategoriesReply },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      requirePartner(request, accessTypeCode, partnerCode, 'VIEW_REPORTS');
      const partner = await partnerOrNotFound(accessTypeCode, partnerCode);
      return {
        categories: await listPartnerCategories(app.db, partner.partnerId),
        selectedAccessType: { code: partner.type, name: partner.accessTypeName },
        selectedPartner: { name: partner.name, code: partner.code, type: partner.type },
      };
    },
  );

  app.get(
    '/api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode',
    {
      config: viewReports,
      schema: {
        params: ReportsParams,
        querystring: Type.Object({ startDate: Type.Optional(IsoDate), endDate: Type.Optional(IsoDate) }),
        response: { 200: ReportsReply },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      requirePartner(request, accessTypeCode, partnerCode, 'VIEW_REPORTS');
      return reportsPage(app.db, request.params, dateRange(request.query));
    },
  );

  app.get(
    '/api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/dates',
    {
      config: viewReports,
      schema: {
        summary: "Every date with a report in a partner's category, newest first (the date picker)",
        params: ReportsParams,
        response: { 200: ReportDatesReply },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      const user = requirePartner(request, accessTypeCode, partnerCode, 'VIEW_REPORTS');
      return reportDatesOf(app.db, request.params, user.userId);
    },
  );

  app.delete(
    '/api/reports/:reportId',
    {
      config: { access: { feature: 'DELETE_REPORTS' } },
      schema: {
        params: Type.Object({ reportId: Type.String({ maxLength: 20 }) }),
        response: { 200: DeletedReport, 404: Message },
      },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      const reportId = parseReportId(request.params.reportId);
      await loadPermittedReports(request, [reportId], 'DELETE_REPORTS');
      return deleteReport({ db: app.db }, { actorUserId, reportId });
    },
  );
};

export default reportRoutes;
