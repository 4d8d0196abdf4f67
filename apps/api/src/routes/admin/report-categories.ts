import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeAudit } from '@portal/db';
import { isForeignKeyViolation } from '@portal/db/admin-lists';
import { listAccessTypes, listAllFrequencyTypes } from '@portal/db/admin-partners';
import {
  categoryHasReports,
  deleteReportCategory,
  findAdminReportCategory,
  listAdminReportCategories,
} from '@portal/db/admin-report-categories';
import { Type } from '@sinclair/typebox';
import {
  categoryAuditView,
  REPORT_CATEGORY_NOT_FOUND,
  saveReportCategory,
} from '../../lib/admin/save-report-category.js';
import { requireUser } from '../../plugins/access.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { Code, CodeName, Filter, Nullable, PageQuery, PageReply } from './schemas.js';

// SPEC.md §7 report categories: the admin list, one category with its partners, create, edit
// (code locked) and delete. Feature MANAGE_REPORT_CATEGORIES (§6).

const access = { access: { feature: 'MANAGE_REPORT_CATEGORIES' as const } };
const CategoryFields = {
  code: Type.String(),
  name: Type.String(),
  externalLink: Nullable(Type.String()),
  ownerEmails: Type.Array(Type.String()),
  frequencyTypes: Type.Array(CodeName),
};
const CategoryRow = Type.Object({ ...CategoryFields, partnerCount: Type.Integer() });
const CategoryPartner = Type.Object({ type: Type.String(), code: Type.String(), name: Type.String() });
const Category = Type.Object({ ...CategoryFields, partners: Type.Array(CategoryPartner) });
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
const CategoryParams = Type.Object({ reportCategoryCode: Code });
export const CATEGORY_HAS_REPORTS = 'This report category has reports and cannot be deleted.';

type Found = NonNullable<Awaited<ReturnType<typeof findAdminReportCategory>>>;
const categoryView = (c: Found) => ({
  code: c.code,
  name: c.name,
  externalLink: c.externalLink,
  ownerEmails: c.ownerEmails,
  frequencyTypes: c.frequencyTypes,
  partners: c.partners.map((p) => ({ type: p.type, code: p.code, name: p.name })),
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
        response: {
          200: Type.Object({
            categories: Type.Array(CategoryRow),
            frequencyTypes: Type.Array(CodeName),
            accessTypes: Type.Array(CodeName),
            ...PageReply,
          }),
        },
      },
    },
    async (request) => {
      const { page, pageSize, sort, order, code, name } = request.query;
      const list = await listAdminReportCategories(app.db, {
        page,
        pageSize,
        sort,
        order,
        filters: { code, name },
      });
      return {
        categories: list.rows,
        frequencyTypes: await listAllFrequencyTypes(app.db),
        accessTypes: await listAccessTypes(app.db),
        page,
        pageSize,
        total: list.total,
      };
    },
  );

  app.get(
    '/api/admin/categories/:reportCategoryCode',
    {
      config: access,
      schema: {
        summary: 'One report category with its partners',
        params: CategoryParams,
        response: { 200: Category },
      },
    },
    async (request) => {
      const category = await findAdminReportCategory(app.db, request.params.reportCategoryCode);
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
          response: { [mode === 'create' ? 201 : 200]: Category },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const saved = await saveReportCategory(app, { mode, body: request.body, actorUserId: user.userId });
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
        response: { 200: Category },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const category = await findAdminReportCategory(app.db, request.params.reportCategoryCode);
      if (!category) throw notFound(REPORT_CATEGORY_NOT_FOUND);
      try {
        await app.db.transaction().execute(async (trx) => {
          if (await categoryHasReports(trx, category.code)) throw conflict(CATEGORY_HAS_REPORTS);
          await deleteReportCategory(trx, category.code);
          await writeAudit(trx, {
            actorUserId: user.userId,
            action: 'report-category.delete',
            entityType: 'report-category',
            entityId: category.code,
            before: categoryAuditView(category),
            after: null,
          });
        });
      } catch (error) {
        // A report uploaded between the check and the delete still holds the category.
        if (isForeignKeyViolation(error)) throw conflict(CATEGORY_HAS_REPORTS);
        throw error;
      }
      return categoryView(category);
    },
  );
};

export default reportCategoryRoutes;
