import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeAudit } from '@portal/db';
import {
  deleteFrequencyType,
  findFrequencyType,
  frequencyTypeHasReports,
  insertFrequencyType,
  listAdminFrequencyTypes,
  renameFrequencyType,
} from '@portal/db/admin-frequency-types';
import { isForeignKeyViolation } from '@portal/db/admin-lists';
import { frequencyTypeProblems, normalizeFrequencyType } from '@portal/domain/admin-frequency-type';
import { Type } from '@sinclair/typebox';
import { duplicateOn, guardUnique, throwProblems } from '../../lib/admin/problems.js';
import { requireUser } from '../../plugins/access.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { Code, CodeName, Filter, PageQuery, PageReply } from './schemas.js';

// SPEC.md §7 frequency types: list, create, edit (code locked), delete. Feature
// MANAGE_REPORT_CATEGORIES (§6). Codes and names are unique case-insensitively by index.

const access = { access: { feature: 'MANAGE_REPORT_CATEGORIES' as const } };
const Body = Type.Object({ code: Type.String({ maxLength: 100 }), name: Type.String({ maxLength: 500 }) });
const duplicate = duplicateOn(
  { frequency_types_pkey: 'code', frequency_types_code_ci: 'code', frequency_types_name_ci: 'name' },
  'code',
);
export const FREQUENCY_TYPE_NOT_FOUND = 'Frequency type was not found.';
export const FREQUENCY_TYPE_HAS_REPORTS = 'This frequency type has reports and cannot be deleted.';

const frequencyTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/frequency-types',
    {
      config: access,
      schema: {
        summary: 'A page of frequency types',
        querystring: Type.Object({
          ...PageQuery,
          sort: Type.Union([Type.Literal('code'), Type.Literal('name')], { default: 'code' }),
          code: Filter,
          name: Filter,
        }),
        response: { 200: Type.Object({ frequencyTypes: Type.Array(CodeName), ...PageReply }) },
      },
    },
    async (request) => {
      const { page, pageSize, sort, order, code, name } = request.query;
      const list = await listAdminFrequencyTypes(app.db, {
        page,
        pageSize,
        sort,
        order,
        filters: { code, name },
      });
      return { frequencyTypes: list.rows, page, pageSize, total: list.total };
    },
  );

  for (const mode of ['create', 'update'] as const) {
    const route = mode === 'create' ? app.post.bind(app) : app.put.bind(app);
    route(
      '/api/frequency-types',
      {
        config: access,
        schema: {
          summary:
            mode === 'create' ? 'Adds a frequency type' : 'Renames the frequency type named by code (locked)',
          body: Body,
          response: { [mode === 'create' ? 201 : 200]: CodeName },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        throwProblems(frequencyTypeProblems(request.body));
        const values = normalizeFrequencyType(request.body);
        const saved = await app.db.transaction().execute(async (trx) => {
          const existing = await findFrequencyType(trx, values.code);
          if (mode === 'create' && existing) throw duplicate('frequency_types_code_ci');
          if (mode === 'update' && !existing) throw notFound(FREQUENCY_TYPE_NOT_FOUND);
          const row = { code: existing?.code ?? values.code, name: values.name };
          await guardUnique(
            () => (mode === 'create' ? insertFrequencyType(trx, row) : renameFrequencyType(trx, row)),
            duplicate,
          );
          await writeAudit(trx, {
            actorUserId: user.userId,
            action: `frequency-type.${mode}`,
            entityType: 'frequency-type',
            entityId: row.code,
            before: existing ?? null,
            after: row,
          });
          return row;
        });
        return reply.status(mode === 'create' ? 201 : 200).send(saved);
      },
    );
  }

  app.delete(
    '/api/frequency-types/:frequencyTypeCode',
    {
      config: access,
      schema: {
        summary: 'Deletes a frequency type without reports; categories, partners and alerts lose it',
        params: Type.Object({ frequencyTypeCode: Code }),
        response: { 200: CodeName },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const existing = await findFrequencyType(app.db, request.params.frequencyTypeCode);
      if (!existing) throw notFound(FREQUENCY_TYPE_NOT_FOUND);
      try {
        await app.db.transaction().execute(async (trx) => {
          if (await frequencyTypeHasReports(trx, existing.code)) throw conflict(FREQUENCY_TYPE_HAS_REPORTS);
          await deleteFrequencyType(trx, existing.code);
          await writeAudit(trx, {
            actorUserId: user.userId,
            action: 'frequency-type.delete',
            entityType: 'frequency-type',
            entityId: existing.code,
            before: existing,
            after: null,
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict(FREQUENCY_TYPE_HAS_REPORTS);
        throw error;
      }
      return existing;
    },
  );
};

export default frequencyTypeRoutes;
