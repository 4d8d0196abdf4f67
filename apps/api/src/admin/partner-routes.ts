import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAdminPartners } from '@portal/db';
import { canAccessPartner } from '@portal/domain';
import { partnerScope } from '@portal/domain/admin/admin-partner';
import { Partner, PartnerDetailReply, PartnerListReply, SavedPartner } from '@portal/domain/api/partners';
import { Type } from 'typebox';
import { badRequest, notFound } from '../lib/http/errors.js';
import { Filter, PageQuery } from '../lib/http/list-query.js';
import { PartnerCodeParams, PartnerParams } from '../lib/http/route-params.js';
import { monitorView } from '../monitors/views.js';
import { requirePartner, requireUser } from '../plugins/access.js';
import { deletePartner } from './delete-partner.js';
import { partnerDetailPage, partnerListPage } from './partner-pages.js';
import { PartnerBody } from './partner-schemas.js';
import { PARTNER_NOT_FOUND, savePartner } from './save-partner.js';
import { partnerView } from './views.js';

// SPEC.md §7 Admin reads and writes of partners (feature MANAGE_PARTNERS; a partner named in the
// request must also be one the user may use, §6).

const access = { access: { feature: 'MANAGE_PARTNERS' as const } };

const partnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        response: { 200: PartnerListReply },
      },
    },
    async (request) => {
      const { page, pageSize, sort, order, type, code, name, category } = request.query;
      const scope = partnerScope(requireUser(request));
      const filters = { type, code, name, categoryCode: category };
      return partnerListPage(app.db, { page, pageSize, sort, order, filters, scope });
    },
  );

  app.get(
    '/api/admin/partners/:partnerCode',
    {
      config: access,
      schema: {
        summary: 'One partner with its categories and report alerts, and what the form offers',
        params: PartnerCodeParams,
        querystring: Type.Object({ accessTypeCode: Type.Optional(Type.String({ maxLength: 20 })) }),
        response: { 200: PartnerDetailReply },
      },
    },
    async (request) => {
      const found = await findAdminPartners(app.db, request.params.partnerCode, request.query.accessTypeCode);
      if (found.length === 0) throw notFound(PARTNER_NOT_FOUND);
      // Of several partners with this code, only those in the manager's scope count.
      const user = requireUser(request);
      const inScope = found.filter((p) => canAccessPartner(user, p.type, p.code));
      if (inScope.length > 1) throw badRequest('Several partners have this code: give the accessTypeCode.');
      const partner = inScope[0] ?? found[0]!;
      requirePartner(request, partner.type, partner.code, 'MANAGE_PARTNERS');
      return partnerDetailPage(app.db, partner);
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
        const saved = await savePartner(
          { db: app.db },
          {
            mode,
            body: request.body,
            actorUserId: user.userId,
            log: request.log,
            authorize: (accessTypeCode, partnerCode) =>
              requirePartner(request, accessTypeCode, partnerCode, 'MANAGE_PARTNERS'),
          },
        );
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
        params: PartnerParams,
        response: { 200: Partner },
      },
    },
    async (request) => {
      const { userId: actorUserId } = requirePartner(
        request,
        request.params.accessTypeCode,
        request.params.partnerCode,
        'MANAGE_PARTNERS',
      );
      return partnerView(await deletePartner({ db: app.db }, { actorUserId, ...request.params }));
    },
  );
};

export default partnerRoutes;
