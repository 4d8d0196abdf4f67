import type { FastifyInstance } from 'fastify';
import { checkReadiness } from './readiness.js';

export default async function healthRoutes(app: FastifyInstance) {
  // Alive: the process answers. Orchestrators restart it when this fails.
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
    status: 'OK',
  }));

  // Ready when Postgres and Redis both answer (readiness.ts); 503 names the part that is down.
  // A stopping API is not ready, though it still serves the calls it gets while it drains.
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    if (app.lifecycle.stopping) return reply.status(503).send({ status: 'STOPPING' });
    const { ready, ...body } = await checkReadiness({ db: app.db, queuePing: () => app.queuePing() });
    return reply.status(ready ? 200 : 503).send(body);
  });
}
