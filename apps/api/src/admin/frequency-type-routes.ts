import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listAdminFrequencyTypes } from '@portal/db';
import { CodeName } from '@portal/domain/api/common';
import { FrequencyTypeListReply } from '@portal/domain/api/frequency-types';
import { Type } from 'typebox';
import { Filter, PageQuery } from '../lib/http/list-query.js';
import { FrequencyTypeParams } from '../lib/http/route-params.js';
import { requireUser } from '../plugins/access.js';
import { deleteFrequencyType } from './delete-frequency-type.js';
import { saveFrequencyType } from './save-frequency-type.js';

// SPEC.md §7 frequency types: list, create, edit (code locked), delete. Feature
// MANAGE_REPORT_CATEGORIES (§6). Codes and names are unique case-insensitively by index.

const access = { access: { feature: 'MANAGE_REPORT_CATEGORIES' as const } };
const Body = Type.Object({ code: Type.String({ maxLength: 100 }), name: Type.String({ maxLength: 500 }) });

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
        response: { 200: FrequencyTypeListReply },
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
        const saved = await saveFrequencyType(
          { db: app.db },
          { mode, actor: requireUser(request), body: request.body },
        );
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
        params: FrequencyTypeParams,
        response: { 200: CodeName },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return deleteFrequencyType({ db: app.db }, { actor, code: request.params.frequencyTypeCode });
    },
  );
};

export default frequencyTypeRoutes;
