import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@portal/api/config';
import { type RunningApi, startApi } from '@portal/api/start';
import { connect, type DatabaseHandle } from '@portal/db';
import { claimQueuePrefix, enqueue, QueuePrefixTaken } from '@portal/queue';
import { freePort, TEST_REDIS_URL } from '@portal/testing';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { waitFor } from '@portal/testing/wait-for';
import { type RunningWorkers, type StartWorkersOptions, startWorkers } from '@portal/workers/start-workers';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chaosRedis } from '../chaos/redis-server.js';

// Two portals on one Redis and one QUEUE_PREFIX, each on its own database, would take each other's
// jobs and complete them as skipped. The prefix belongs to the database that claimed it: a portal on
// another database refuses to start, with a message naming QUEUE_PREFIX; its own database's portal
// starts again on it.

const logger = pino({ level: 'silent' });
const cleanups: (() => Promise<unknown>)[] = [];
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-prefix-'));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

async function database(): Promise<TestDatabase> {
  const opened = await createTestDatabase();
  cleanups.push(() => opened.drop());
  return opened;
}

function workersOn(
  handle: DatabaseHandle,
  prefix: string,
  redisUrl = TEST_REDIS_URL,
  more: Partial<StartWorkersOptions> = {},
): Promise<RunningWorkers> {
  return startWorkers({
    handle,
    redisUrl,
    prefix,
    queues: ['mail'],
    mailConfig: { from: 'Partner Portal <no-reply@portal.local>', mailDir: join(dir, 'mail') },
    logger,
    relay: { pollMs: 200, publishTimeoutMs: 500 },
    ...more,
  });
}

async function apiOn(databaseUrl: string, prefix: string): Promise<RunningApi> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    WEB_DIST: join(dir, 'no-web'),
    STORAGE_DIR: join(dir, 'files'),
  });
  return startApi(config);
}

it('refuses a second portal on another database, naming QUEUE_PREFIX; the first restarts on it', async () => {
  const prefix = `{test-${randomBytes(5).toString('hex')}}`;
  const [first, second] = [await database(), await database()];

  const firstWorkers = await workersOn(first, prefix);
  const firstApi = await apiOn(first.url, prefix);

  const secondWorkers = await workersOn(second, prefix).catch((error: Error) => error);
  expect(secondWorkers).toBeInstanceOf(QueuePrefixTaken);
  expect((secondWorkers as Error).message).toMatch(
    /^QUEUE_PREFIX \{test-[0-9a-f]+\} belongs to another database/,
  );
  const secondApi = await apiOn(second.url, prefix).catch((error: Error) => error);
  expect(secondApi).toBeInstanceOf(QueuePrefixTaken);
  expect((secondApi as Error).message).toContain(`QUEUE_PREFIX ${prefix}`);

  // The first portal's database, through new connections, as a restarted process has them.
  await firstApi.close();
  await firstWorkers.stop();
  const again = connect({ databaseUrl: first.url, maxConnections: 2 });
  cleanups.push(() => again.close());
  const restarted = await workersOn(again, prefix);
  const restartedApi = await apiOn(first.url, prefix);
  await restartedApi.close();
  await restarted.stop();
});

it('started while Redis is away, a portal on another database stops once Redis answers: nothing consumed or published', async () => {
  const prefix = `{test-${randomBytes(5).toString('hex')}}`;
  const [holder, late] = [await database(), await database()];
  // A Redis of the test's own, whose keys outlive a restart (AOF), as production's do.
  const redis = chaosRedis(await freePort(), dir);
  cleanups.push(() => redis.kill());
  await redis.start();
  await redis.waitAnswering();
  const client = new Redis(redis.url);
  await claimQueuePrefix(client, prefix, holder.db);
  client.disconnect();
  await redis.shutdown();

  let taken: QueuePrefixTaken | undefined;
  const workers = await workersOn(late, prefix, redis.url, {
    onPrefixTaken: (error) => {
      taken = error;
    },
  });
  cleanups.push(() => workers.stop());
  await enqueue(late.db, {
    name: 'mail.send',
    payload: { to: ['a@example.com'], subject: 'Late', text: '.' },
  });

  await redis.start();
  await waitFor('the late portal to hear that the prefix is taken', () => taken, 30_000);
  expect(taken?.message).toContain(`QUEUE_PREFIX ${prefix} belongs to another database`);
  const rows = await late.db.selectFrom('outbox').select(['published_at']).execute();
  expect(rows.map((row) => row.published_at)).toEqual([null]);
  const check = new Redis(redis.url);
  try {
    expect(await check.keys(`${prefix}:mail:*`)).toEqual([]);
  } finally {
    check.disconnect();
  }
});
