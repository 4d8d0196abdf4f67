import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'OK' }));

  // Ready when Postgres and Redis both answer.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [database, queue] = await Promise.all([
      sql`select 1`.execute(app.db).then(
        () => 'OK',
        (error: Error) => error.message,
      ),
      app.queuePing().then(
        () => 'OK',
        (error: Error) => error.message,
      ),
    ]);
    const ready = database === 'OK' && queue === 'OK';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'OK' : 'UNAVAILABLE', database, queue });
  });
}
