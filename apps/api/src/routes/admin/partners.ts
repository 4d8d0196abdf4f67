import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeAudit } from '@portal/db';
import { deletePartner, partnerHasReports } from '@portal/db/admin-partner-writes';
import {
  findAdminPartners,
  listAccessTypes,
  listAdminPartners,
  listAllFrequencyTypes,
  listCategoryCatalog,
} from '@portal/db/admin-partners';
import { listPartnerReportMonitors } from '@portal/db/admin-report-monitors';
import { partnerScope } from '@portal/domain/admin-partner';
import { Type } from '@sinclair/typebox';
import { PARTNER_NOT_FOUND, savePartner } from '../../lib/admin/save-partner.js';
import { monitorView, partnerView } from '../../lib/admin/views.js';
import { requirePartner, requireUser } from '../../plugins/access.js';
import { badRequest, conflict, notFound } from '../../plugins/errors.js';
import { CatalogCategory, Partner, PartnerBody, ReportMonitor } from './partner-schemas.js';
import { Code, CodeName, Filter, PageQuery, PageReply } from './schemas.js';

// SPEC.md §7 Admin reads and writes of partners (feature MANAGE_PARTNERS; a partner named in the
// request must also be one the user may use, §6).

const access = { access: { feature: 'MANAGE_PARTNERS' as const } };
const Reference = {
  categories: Type.Array(CatalogCategory),
  accessTypes: Type.Array(CodeName),
  frequencyTypes: Type.Array(CodeName),
};
const SavedPartner = Type.Object({ partner: Partner, monitors: Type.Array(ReportMonitor) });
export const PARTNER_HAS_REPORTS =
  'This partner has reports and cannot be deleted. Delete its reports first.';

const partnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reference = async () => ({
    categories: await listCategoryCatalog(app.db),
    accessTypes: await listAccessTypes(app.db),
    frequencyTypes: await listAllFrequencyTypes(app.db),
  });

  app.get(
    '/api/admin/partners',
    {
      config: access,
      schema: {
        summary: 'A page of partners (filtered and sorted in the database) with what the forms offer',
        querystring: Type.Object({
          ...PageQuery,
          sort: Type.Union([Type.Literal('type'), Type.Literal('code'), Type.Literal('name')], {
            default: 'name',
          }),
          type: Filter,
          code: Filter,
          name: Filter,
          category: Filter,
        }),
        response: {
          200: Type.Object({
            partners: Type.Array(Partner),
            monitors: Type.Array(ReportMonitor),
            ...Reference,
            ...PageReply,
          }),
        },
      },
    },
    async (request) => {
      const { page, pageSize, sort, order, type, code, name, category } = request.query;
      const scope = partnerScope(requireUser(request));
      const filters = { type, code, name, categoryCode: category };
      const list = await listAdminPartners(app.db, { page, pageSize, sort, order, filters, scope });
      const monitors = await listPartnerReportMonitors(
        app.db,
        list.rows.map((p) => p.partnerId),
      );
      return {
        partners: list.rows.map(partnerView),
        monitors: monitors.map(monitorView),
        ...(await reference()),
        page,
        pageSize,
        total: list.total,
      };
    },
  );

  app.get(
    '/api/admin/partners/:partnerCode',
    {
      config: access,
      schema: {
        summary: 'One partner with its categories and report alerts, and what the form offers',
        params: Type.Object({ partnerCode: Code }),
        querystring: Type.Object({ accessTypeCode: Type.Optional(Type.String({ maxLength: 20 })) }),
        response: {
          200: Type.Object({ partner: Partner, monitors: Type.Array(ReportMonitor), ...Reference }),
        },
      },
    },
    async (request) => {
      const found = await findAdminPartners(app.db, request.params.partnerCode, request.query.accessTypeCode);
      if (found.length === 0) throw notFound(PARTNER_NOT_FOUND);
      if (found.length > 1) throw badRequest('Several partners have this code: give the accessTypeCode.');
      const partner = found[0]!;
      requirePartner(request, partner.type, partner.code, 'MANAGE_PARTNERS');
      const monitors = await listPartnerReportMonitors(app.db, [partner.partnerId]);
      return { partner: partnerView(partner), monitors: monitors.map(monitorView), ...(await reference()) };
    },
  );

  for (const mode of ['create', 'update'] as const) {
    const route = mode === 'create' ? app.post.bind(app) : app.put.bind(app);
    route(
      '/api/partners',
      {
        config: access,
        schema: {
          summary:
            mode === 'create'
              ? 'Adds a partner with its categories and report alerts'
              : 'Edits a partner (type and code are locked) with its categories and queued report alert changes',
          body: PartnerBody,
          response: { [mode === 'create' ? 201 : 200]: SavedPartner },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const saved = await savePartner(app, {
          mode,
          body: request.body,
          actorUserId: user.userId,
          log: request.log,
          authorize: (accessTypeCode, partnerCode) =>
            requirePartner(request, accessTypeCode, partnerCode, 'MANAGE_PARTNERS'),
        });
        return reply
          .status(mode === 'create' ? 201 : 200)
          .send({ partner: partnerView(saved.partner), monitors: saved.monitors.map(monitorView) });
      },
    );
  }

  app.delete(
    '/api/partners/:accessTypeCode/:partnerCode',
    {
      config: access,
      schema: {
        summary:
          'Deletes a partner with its categories, report alerts and user grants (not one with reports)',
        params: Type.Object({ accessTypeCode: Type.String({ maxLength: 20 }), partnerCode: Code }),
        response: { 200: Partner },
      },
    },
    async (request) => {
      const user = requirePartner(
        request,
        request.params.accessTypeCode,
        request.params.partnerCode,
        'MANAGE_PARTNERS',
      );
      const [partner] = await findAdminPartners(
        app.db,
        request.params.partnerCode,
        request.params.accessTypeCode,
      );
      if (!partner) throw notFound(PARTNER_NOT_FOUND);
      await app.db.transaction().execute(async (trx) => {
        if (await partnerHasReports(trx, partner.partnerId)) throw conflict(PARTNER_HAS_REPORTS);
        const monitors = await listPartnerReportMonitors(trx, [partner.partnerId]);
        await deletePartner(trx, {
          partnerId: partner.partnerId,
          accessTypeCode: partner.type,
          code: partner.code,
        });
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'partner.delete',
          entityType: 'partner',
          entityId: `${partner.type}/${partner.code}`,
          before: { ...partnerView(partner), reportAlerts: monitors.map(monitorView) },
          after: null,
        });
      });
      return partnerView(partner);
    },
  );
};

export default partnerRoutes;
