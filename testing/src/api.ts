import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@portal/api/app';
import { type Config, loadConfig } from '@portal/api/config';
import { type BlobStore, LocalDiskStore } from '@portal/storage';
import type { LookupAll } from '@portal/webhooks';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from './db.js';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** This file's own BullMQ prefix. */
  queuePrefix: string;
  /** Where this app's blob store keeps its files. */
  filesDir: string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Adds test-only routes or hooks before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Resolves webhook endpoint hosts at registration (default: the system resolver). */
  webhookLookup?: LookupAll;
  /** Where files go (default: a LocalDiskStore in filesDir), e.g. an S3Store on s3rver. */
  blobStore?: BlobStore;
  /** The app's clock (default: the system clock): a test that depends on the time sets it. */
  now?: () => Date;
};

/** No host name resolves in the API's tests unless a test injects a resolver: nothing leaves the machine. */
const resolveNothing: LookupAll = async (hostname) => {
  throw new Error(`getaddrinfo ENOTFOUND ${hostname} (the tests resolve no names)`);
};

/** A real API on a fresh database of its own, with real Redis, ready for app.inject() or supertest. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const queuePrefix = `test-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    QUEUE_PREFIX: queuePrefix,
    WEB_DIST: 'apps/web/dist-missing',
    ...env,
  });
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  const filesDir = await mkdtemp(join(tmpdir(), 'portal-files-'));
  const blobStore = options.blobStore ?? new LocalDiskStore({ root: filesDir });
  const app = await buildApp({
    config,
    database,
    queuePing: () => redis.ping(),
    redis,
    blobStore,
    webhookLookup: options.webhookLookup ?? resolveNothing,
    ...(options.now && { now: options.now }),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    queuePrefix,
    filesDir,
    async close() {
      await app.close();
      redis.disconnect();
      await database.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
