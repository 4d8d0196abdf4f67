import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type DatabaseHandle, migrateToLatest } from '@portal/db';
import { claimQueuePrefix } from '@portal/queue';
import { createBlobStore } from '@portal/storage';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { watchConnections } from './lib/http/connection-drain.js';

export type RunningApi = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Says not ready on /readyz from now on, and keeps serving for `ms` (a load balancer's time to notice). */
  drain(ms: number): Promise<void>;
  /** Stops accepting, finishes requests in flight, closes the pools it opened. */
  close(): Promise<void>;
};

/**
 * Connects, migrates, claims QUEUE_PREFIX for its database (refusing one that another database
 * holds) and listens. Used by the API process (server.ts), by the embedded
 * single-process mode (scripts/portal.ts) and by the browser tests.
 * A database handle may be passed in (PGlite is shared with the workers in one process).
 */
export async function startApi(
  config: Config,
  options: { database?: DatabaseHandle } = {},
): Promise<RunningApi> {
  const database =
    options.database ??
    connect({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.PGLITE_DIR,
      maxConnections: config.DATABASE_POOL_SIZE,
    });
  await migrateToLatest(database.db);
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', () => {});
  await redis.connect().catch(() => {});
  const blobStore = createBlobStore(config);

  const app = await buildApp({ config, database, queuePing: () => redis.ping(), redis, blobStore });
  try {
    // The prefix's queues (board, metrics, rate-limit counters) must be this database's. With
    // Redis away the API starts anyway; the workers, which consume, wait for their claim.
    if (redis.status === 'ready') await claimQueuePrefix(redis, config.QUEUE_PREFIX, database.db);
    else app.log.warn('Redis does not answer: QUEUE_PREFIX is claimed by the workers once it does');
  } catch (error) {
    await app.close();
    redis.disconnect();
    if (!options.database) await database.close();
    throw error;
  }
  const connections = watchConnections(app.server);
  await app.listen({ host: config.HOST, port: config.PORT });
  return {
    app,
    database,
    async drain(ms) {
      app.lifecycle.stopping = true;
      app.log.info({ drainMs: ms }, 'stopping: /readyz answers 503; serving while the load balancer notices');
      await sleep(ms);
    },
    async close() {
      await connections.stopAccepting();
      await app.close();
      redis.disconnect();
      if (!options.database) await database.close();
    },
  };
}
