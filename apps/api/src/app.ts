import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database, DatabaseHandle } from '@portal/db';
import { systemClock } from '@portal/process/clock';
import { createProducerQueues, inspectorConnection, type ProducerQueues, withTimeout } from '@portal/queue';
import type { BlobStore } from '@portal/storage';
import type { LookupAll } from '@portal/webhooks';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { dashboardContentPlugin } from './dashboards/dashboard-content.js';
import { requestLogValue, secretPathWords } from './lib/http/request-log.js';
import { fastifyTrustProxy } from './lib/http/trust-proxy.js';
import type { Clock } from './lib/service-deps.js';
import { recaptchaContentSources } from './lib/vendors/human-verification.js';
import { metricsPlugin } from './operations/metrics.js';
import { queueBoardPlugin } from './operations/queue-board.js';
import { accessPlugin } from './plugins/access.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { compressionPlugin } from './plugins/external/compression.js';
import { cookiePlugin } from './plugins/external/cookie.js';
import { openapiPlugin } from './plugins/external/openapi.js';
import { rateLimitPlugin } from './plugins/external/rate-limit.js';
import { securityHeadersPlugin } from './plugins/external/security-headers.js';
import { inputGatePlugin } from './plugins/input-gate.js';
import { requestTargetPlugin, rewriteRequestTarget } from './plugins/request-target.js';
import { spaPlugin } from './plugins/spa.js';
import { registerRoutes } from './routes.js';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  /** Answers when the queue's Redis answers; used by /readyz. */
  queuePing: () => Promise<unknown>;
  /** Report files, logos and marketing images. */
  blobStore: BlobStore;
  /** Shared rate-limit counters (sign-in routes); without it each process counts alone. */
  redis?: Redis;
  /** BullMQ queues for the queue board and queue metrics; made from REDIS_URL and QUEUE_PREFIX if absent. */
  queues?: ProducerQueues;
  /** Where the log goes (a test reads it); standard output if absent. */
  logStream?: { write(line: string): void };
  /** Resolves webhook endpoint hosts at registration; tests inject one (no name leaves the machine). */
  webhookLookup?: LookupAll;
  /** The clock every route and service reads (a test sets the time); the system clock if absent. */
  now?: Clock;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    queuePing: () => Promise<unknown>;
    blobStore: BlobStore;
    /** Set when the process is stopping: /readyz answers 503 from then on. */
    lifecycle: { stopping: boolean };
    /** The resolver of webhook endpoint hosts; undefined: the system's. */
    webhookLookup: LookupAll | undefined;
    /** The time now, from AppDeps' clock: read here, never from `new Date()` or `Date.now()`. */
    now: Clock;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Filled as routes register (below), read by the log of every request (lib/http/request-log.ts).
  const secretWords = new Set<string>();
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(deps.logStream && { stream: deps.logStream }),
            serializers: { req: (request) => requestLogValue(request, secretWords) },
          },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    // Off unless TRUST_PROXY names the proxies: a client must not choose its own address.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // One spelling of every path before routing (plugins/request-target.ts).
    rewriteUrl: rewriteRequestTarget,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('queuePing', deps.queuePing);
  app.decorate('blobStore', deps.blobStore);
  app.decorate('lifecycle', { stopping: false });
  app.decorate('webhookLookup', deps.webhookLookup);
  app.decorate('now', deps.now ?? systemClock);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onRoute', (route) => {
    for (const word of secretPathWords(route.url)) secretWords.add(word);
  });
  await app.register(errorsPlugin);
  // First: no route registers without its access, and no odd spelling of a path gets further.
  await app.register(accessPlugin);
  await app.register(requestTargetPlugin);
  const queues =
    deps.queues ??
    createProducerQueues({
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      connection: inspectorConnection(config.REDIS_URL),
    });
  // Bounded: with Redis away a queue's close would wait for a connection that never comes.
  if (!deps.queues) app.addHook('onClose', () => withTimeout(queues.close(), 2000, 'Redis').catch(() => {}));
  await app.register(metricsPlugin, { queues });
  await app.register(inputGatePlugin);
  const recaptcha = recaptchaContentSources(config);
  await app.register(securityHeadersPlugin, {
    frameSources: [...config.dashboards.frameSources, ...recaptcha.frameSources],
    scriptSources: recaptcha.scriptSources,
  });
  await app.register(cookiePlugin);
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, { redis: deps.redis, namespace: config.QUEUE_PREFIX });
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  await app.register(dashboardContentPlugin);
  await registerRoutes(app);
  await app.register(queueBoardPlugin, { queues });
  await app.register(spaPlugin, { root: config.WEB_DIST });
  return app;
}
