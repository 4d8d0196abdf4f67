import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findBatch, listBatches } from '@portal/db';
import { BATCH_FILE_CONTENT_TYPE } from '@portal/domain';
import { BatchFileParams, BatchSummaries } from '@portal/domain/api/forms';
import { attachmentDisposition } from '../lib/http/content-disposition.js';
import { notFound } from '../lib/http/errors.js';

// The Batches view of the operations team: the nightly batches of both forms and their files.

const ops = { access: { feature: 'INTERNAL_OPERATIONS_TEAM' as const } };
const BATCH_NOT_FOUND = 'No batch file was found for that date.';

const formBatchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/form/batches',
    {
      config: ops,
      schema: {
        summary: 'The batches of both forms, newest first',
        response: { 200: BatchSummaries },
      },
    },
    async () => listBatches(app.db),
  );

  app.get(
    '/api/form/batches/:kind/:batchDate/file',
    {
      config: ops,
      schema: { summary: 'Downloads the file of one batch', params: BatchFileParams, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const { kind, batchDate } = request.params;
      const batch = await findBatch(app.db, kind, batchDate);
      if (!batch?.fileKey || !(await app.blobStore.exists(batch.fileKey))) throw notFound(BATCH_NOT_FOUND);
      reply.header('content-type', BATCH_FILE_CONTENT_TYPE);
      reply.header('content-disposition', attachmentDisposition(`${kind}-batch-${batchDate}.csv`));
      return reply.send(await app.blobStore.get(batch.fileKey));
    },
  );
};

export default formBatchRoutes;
