import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeAudit } from '@portal/db';
import { findDataset, registerDataset } from '@portal/db/datasets';
import { MESSAGES } from '@portal/domain';
import { objectKeyProblem } from '@portal/domain/report-keys';
import { Type } from '@sinclair/typebox';
import { requireUser } from '../../plugins/access.js';
import { badRequest, notFound } from '../../plugins/errors.js';

// SPEC.md §7 datasets: the dataset dialog looks a catalogId up (reply: objectKey); service
// accounts (bearer tokens) register datasets. Feature MANAGE_REPORT_CATEGORIES.

const access = { access: { feature: 'MANAGE_REPORT_CATEGORIES' as const } };
const CatalogId = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]*$' });
const Dataset = Type.Object({ catalogId: Type.String(), objectKey: Type.String() });

const datasetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/datasets/:catalogId',
    {
      config: access,
      schema: {
        summary: "A dataset's object key, for the dataset validation dialog",
        params: Type.Object({ catalogId: CatalogId }),
        response: { 200: Type.Object({ objectKey: Type.String() }) },
      },
    },
    async (request) => {
      const dataset = await findDataset(app.db, request.params.catalogId);
      if (!dataset) throw notFound(MESSAGES.datasetNotFound);
      return { objectKey: dataset.objectKey };
    },
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
      const user = requireUser(request);
      const { catalogId, objectKey } = request.body;
      // A folder key: '/Reports/EXT/BJS/SETTLEMENT/', each segment a plain one.
      const problem = /^\/.+\/$/.test(objectKey)
        ? objectKeyProblem(objectKey.slice(1, -1))
        : 'must start and end with /';
      if (problem) throw badRequest(`Invalid object key: ${problem}`, { field: 'objectKey' });
      const { previousObjectKey } = await app.db.transaction().execute(async (trx) => {
        const result = await registerDataset(trx, { catalogId, objectKey });
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: result.previousObjectKey === null ? 'dataset.create' : 'dataset.update',
          entityType: 'dataset',
          entityId: catalogId,
          before: result.previousObjectKey === null ? null : { objectKey: result.previousObjectKey },
          after: { objectKey },
        });
        return result;
      });
      return reply.status(previousObjectKey === null ? 201 : 200).send({ catalogId, objectKey });
    },
  );
};

export default datasetRoutes;
