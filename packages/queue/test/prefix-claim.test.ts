import { randomBytes } from 'node:crypto';
import { databaseIdentity } from '@portal/db';
import { TEST_REDIS_URL } from '@portal/testing';
import { createTestDatabase, DATABASE_ENGINES, type OpenedDatabase } from '@portal/testing/db';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { claimQueuePrefix, prefixOwnerKey, QueuePrefixTaken } from '../src/index.js';

// A queue prefix belongs to the database that claimed it first, on Postgres and on the embedded
// PGlite alike; a database cloned from the tests' migrated template has an identity of its own.

const opened: OpenedDatabase[] = [];
let redis: Redis;

async function open(engine: 'postgres' | 'pglite'): Promise<OpenedDatabase> {
  const entry = DATABASE_ENGINES.find(([name]) => name === engine);
  if (!entry) throw new Error(`no engine ${engine}`);
  const handle = await entry[1]();
  opened.push(handle);
  return handle;
}

const newPrefix = () => `{test-${randomBytes(5).toString('hex')}}`;

beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL);
});

afterAll(async () => {
  redis?.disconnect();
  for (const handle of opened) {
    if (handle.drop) await handle.drop();
    else await handle.close();
  }
});

it('keeps one identity per database: the same at every call, another for each clone of the template', async () => {
  const first = await open('postgres');
  const second = await createTestDatabase();
  opened.push(second);
  const identity = await databaseIdentity(first.db);
  expect(identity).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(await databaseIdentity(first.db)).toBe(identity);
  expect(await databaseIdentity(second.db)).not.toBe(identity);
});

it('claims a free prefix, again for the same database, and refuses it to another (Postgres, then PGlite)', async () => {
  const [postgres, pglite] = [await open('postgres'), await open('pglite')];
  const prefix = newPrefix();
  await claimQueuePrefix(redis, prefix, postgres.db);
  await claimQueuePrefix(redis, prefix, postgres.db);
  expect(await redis.get(prefixOwnerKey(prefix))).toBe(await databaseIdentity(postgres.db));

  const refused = await claimQueuePrefix(redis, prefix, pglite.db).catch((error: Error) => error);
  expect(refused).toBeInstanceOf(QueuePrefixTaken);
  expect((refused as Error).message).toContain(`QUEUE_PREFIX ${prefix} belongs to another database`);
  expect(await redis.get(prefixOwnerKey(prefix))).toBe(await databaseIdentity(postgres.db));

  // The embedded database claims a prefix of its own, and keeps it.
  const own = newPrefix();
  await claimQueuePrefix(redis, own, pglite.db);
  await claimQueuePrefix(redis, own, pglite.db);
  await expect(claimQueuePrefix(redis, own, postgres.db)).rejects.toBeInstanceOf(QueuePrefixTaken);
});
