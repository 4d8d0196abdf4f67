import { outboxBacklog } from '@portal/queue';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

const CHECK_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const outcome = (work: Promise<unknown>) =>
  within(work, CHECK_TIMEOUT_MS).then(
    () => 'OK',
    (error: Error) => error.message || 'unavailable',
  );

export default async function healthRoutes(app: FastifyInstance) {
  // Alive: the process answers. Orchestrators restart it when this fails.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'OK' }));

  // Ready when Postgres and Redis both answer; says which part is down (503), and how far the
  // outbox relay is behind (rows waiting and the age of the oldest, in seconds).
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [database, queue, outbox] = await Promise.all([
      outcome(sql`select 1`.execute(app.db)),
      outcome(app.queuePing()),
      within(outboxBacklog(app.db), CHECK_TIMEOUT_MS).catch(() => null),
    ]);
    const ready = database === 'OK' && queue === 'OK';
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'OK' : 'UNAVAILABLE',
      database,
      queue,
      outbox: outbox && {
        waiting: outbox.waiting,
        oldestAgeSeconds: Math.round(outbox.oldestAgeSeconds * 10) / 10,
      },
    });
  });
}
