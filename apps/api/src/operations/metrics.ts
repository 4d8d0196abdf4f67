import { timingSafeEqual } from 'node:crypto';
import { outboxBacklog, type ProducerQueues, queueNames, withTimeout } from '@portal/queue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from '../lib/http/errors.js';

const JOB_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;
const SCRAPE_TIMEOUT_MS = 2000;

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics of the API process at GET /metrics, for a scraper holding METRICS_TOKEN (a
 * bearer token); without the setting there is no /metrics at all. The outbox and queue gauges
 * are read at scrape time, so any one API instance tells the whole system's backlog. Job and mail
 * metrics come from each worker process (workers/src/observability).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { queues: ProducerQueues }) => {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_api_' });

  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'portal_outbox_waiting',
    help: 'Outbox rows not yet published to the queue (jobs waiting in Postgres)',
    registers: [registry],
    async collect() {
      const backlog = await withTimeout(outboxBacklog(app.db), SCRAPE_TIMEOUT_MS, 'Postgres').catch(
        () => null,
      );
      if (backlog) this.set(backlog.waiting);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_age_seconds',
    help: 'Age of the oldest unpublished outbox row (0 when none): how far the relay is behind',
    registers: [registry],
    async collect() {
      const backlog = await withTimeout(outboxBacklog(app.db), SCRAPE_TIMEOUT_MS, 'Postgres').catch(
        () => null,
      );
      if (backlog) this.set(backlog.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'portal_queue_jobs',
    help: 'Jobs in each BullMQ queue by state (waiting, active, failed, delayed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        queueNames.map(async (name) => {
          const counts = await withTimeout(
            options.queues.get(name).getJobCounts(...JOB_STATES),
            SCRAPE_TIMEOUT_MS,
            'Redis',
          ).catch(() => null);
          for (const state of JOB_STATES) if (counts) this.set({ queue: name, state }, counts[state] ?? 0);
        }),
      );
    },
  });
  new Gauge({
    name: 'portal_queue_up',
    help: '1 when the queue Redis answered this scrape, else 0',
    registers: [registry],
    async collect() {
      this.set(
        await withTimeout(app.queuePing(), SCRAPE_TIMEOUT_MS, 'Redis').then(
          () => 1,
          () => 0,
        ),
      );
    },
  });

  // Public to the router: the scraper proves itself with METRICS_TOKEN, not a portal session.
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'Authentication required');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
