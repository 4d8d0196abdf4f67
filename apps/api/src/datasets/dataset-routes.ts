import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Dataset, DatasetObjectKey } from '@portal/domain/api/datasets';
import { Type } from 'typebox';
import { requireUser } from '../plugins/access.js';
import { datasetOf } from './dataset-of.js';
import { registerDataset } from './register-dataset.js';

// SPEC.md §7 datasets: the dataset dialog looks a catalogId up (reply: objectKey); service
// accounts (bearer tokens) register datasets. Feature MANAGE_REPORT_CATEGORIES, and the partner
// the object key names (/Reports/{accessType}/{partner}/…) must be one the user may access.

const access = { access: { feature: 'MANAGE_REPORT_CATEGORIES' as const } };
const CatalogId = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]*$' });

const datasetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/datasets/:catalogId',
    {
      config: access,
      schema: {
        summary: "A dataset's object key, for the dataset validation dialog",
        params: Type.Object({ catalogId: CatalogId }),
        response: { 200: DatasetObjectKey },
      },
    },
    async (request) => datasetOf({ db: app.db }, requireUser(request), request.params.catalogId),
  );

  app.post(
    '/api/datasets',
    {
      config: access,
      schema: {
        summary: 'Registers a dataset (or moves a registered one to a new object key)',
        body: Type.Object({
          catalogId: CatalogId,
          objectKey: Type.String({ minLength: 3, maxLength: 1024 }),
        }),
        response: { 200: Dataset, 201: Dataset },
      },
    },
    async (request, reply) => {
      const { previousObjectKey } = await registerDataset(
        { db: app.db },
        { actor: requireUser(request), ...request.body },
      );
      return reply.status(previousObjectKey === null ? 201 : 200).send(request.body);
    },
  );
};

export default datasetRoutes;
