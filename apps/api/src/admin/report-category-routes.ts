import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAdminReportCategory } from '@portal/db';
import { partnerScope } from '@portal/domain/admin/admin-partner';
import { AdminReportCategory, CategoryListReply } from '@portal/domain/api/report-categories';
import { Type } from 'typebox';
import { notFound } from '../lib/http/errors.js';
import { Filter, Nullable, PageQuery } from '../lib/http/list-query.js';
import { ReportCategoryParams as CategoryParams, Code } from '../lib/http/route-params.js';
import { requireUser } from '../plugins/access.js';
import { deleteReportCategory } from './delete-report-category.js';
import { reportCategoryListPage } from './report-category-pages.js';
import { REPORT_CATEGORY_NOT_FOUND, saveReportCategory } from './save-report-category.js';

// SPEC.md §7 report categories: the admin list, one category with its partners, create, edit
// (code locked) and delete. Feature MANAGE_REPORT_CATEGORIES (§6). A manager sees the partners
// they may access only (counts and lists filtered in SQL); changes are scoped in the services.

const access = { access: { feature: 'MANAGE_REPORT_CATEGORIES' as const } };
const CategoryBody = Type.Object({
  code: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: 500 }),
  frequencyTypes: Type.Array(Type.Object({ code: Code, name: Type.Optional(Type.String()) }), {
    maxItems: 50,
  }),
  partners: Type.Optional(
    Type.Array(
      Type.Object({ type: Type.String({ maxLength: 20 }), code: Code, name: Type.Optional(Type.String()) }),
      {
        maxItems: 20_000,
      },
    ),
  ),
  hasExternalLink: Type.Optional(Type.Boolean({ description: "The form's 'on another website' box" })),
  externalLink: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  ownerEmails: Type.Array(Type.String({ maxLength: 320 }), { maxItems: 100, default: [] }),
});

export { CATEGORY_HAS_REPORTS } from './delete-report-category.js';

type Found = NonNullable<Awaited<ReturnType<typeof findAdminReportCategory>>>;
const categoryView = (c: Found): AdminReportCategory => ({
  code: c.code,
  name: c.name,
  externalLink: c.externalLink,
  ownerEmails: c.ownerEmails,
  frequencyTypes: c.frequencyTypes,
  partners: c.partners.map((p) => ({ type: p.type, code: p.code, name: p.name })),
  sharedOutsideScope: c.sharedOutsideScope,
});

const reportCategoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/categories',
    {
      config: access,
      schema: {
        summary: 'A page of report categories (filtered and sorted in the database)',
        querystring: Type.Object({
          ...PageQuery,
          sort: Type.Union([Type.Literal('code'), Type.Literal('name')], { default: 'name' }),
          code: Filter,
          name: Filter,
        }),
        response: { 200: CategoryListReply },
      },
    },
    async (request) => {
      const { page, pageSize, sort, order, code, name } = request.query;
      const filters = { code, name };
      const scope = partnerScope(requireUser(request));
      return reportCategoryListPage(app.db, { page, pageSize, sort, order, filters, scope });
    },
  );

  app.get(
    '/api/admin/categories/:reportCategoryCode',
    {
      config: access,
      schema: {
        summary: 'One report category with its partners',
        params: CategoryParams,
        response: { 200: AdminReportCategory },
      },
    },
    async (request) => {
      const scope = partnerScope(requireUser(request));
      const category = await findAdminReportCategory(app.db, request.params.reportCategoryCode, scope);
      if (!category) throw notFound(REPORT_CATEGORY_NOT_FOUND);
      return categoryView(category);
    },
  );

  for (const mode of ['create', 'update'] as const) {
    const route = mode === 'create' ? app.post.bind(app) : app.put.bind(app);
    route(
      '/api/categories',
      {
        config: access,
        schema: {
          summary:
            mode === 'create' ? 'Adds a report category' : 'Edits the report category named by code (locked)',
          body: CategoryBody,
          response: { [mode === 'create' ? 201 : 200]: AdminReportCategory },
        },
      },
      async (request, reply) => {
        const saved = await saveReportCategory(
          { db: app.db },
          {
            mode,
            body: request.body,
            actor: requireUser(request),
          },
        );
        return reply.status(mode === 'create' ? 201 : 200).send(categoryView(saved));
      },
    );
  }

  app.delete(
    '/api/categories/:reportCategoryCode',
    {
      config: access,
      schema: {
        summary: 'Deletes a report category without reports, with its partner links and alerts',
        params: CategoryParams,
        response: { 200: AdminReportCategory },
      },
    },
    async (request) =>
      categoryView(
        await deleteReportCategory(
          { db: app.db },
          { actor: requireUser(request), code: request.params.reportCategoryCode },
        ),
      ),
  );
};

export default reportCategoryRoutes;
