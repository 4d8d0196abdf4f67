import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle, migrateToLatest } from '@portal/db';
import { LocalDiskStore } from '@portal/storage';
import { freePort } from '@portal/testing';
import { type PrivateCluster, startPrivateCluster } from '@portal/testing/db';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { waitFor } from '@portal/testing/wait-for';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

// Postgres goes away under a running API: calls answer 503 with Retry-After and a JSON message
// (never 500), /readyz names the database, and the API recovers by itself when Postgres is back.
// A private Postgres cluster, so stopping it disturbs no one else.
let cluster: PrivateCluster;
let database: DatabaseHandle;
let app: FastifyInstance;
let redis: Redis;
let personas: SeededPersonas;
let filesDir: string;

beforeAll(async () => {
  cluster = await startPrivateCluster(await freePort());
  database = connect({ databaseUrl: cluster.url, maxConnections: 4 });
  await migrateToLatest(database.db);
  personas = await seedPersonas(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: cluster.url,
    QUEUE_PREFIX: `test-outage-${randomBytes(4).toString('hex')}`,
    WEB_DIST: 'apps/web/dist-missing',
  });
  redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  filesDir = await mkdtemp(join(tmpdir(), 'portal-files-'));
  app = await buildApp({
    config,
    database,
    queuePing: () => redis.ping(),
    redis,
    blobStore: new LocalDiskStore({ root: filesDir }),
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  redis?.disconnect();
  await database?.close();
  await cluster?.destroy();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

// Postgres takes a few seconds to come back (after a crash it runs recovery first).
const until = <T>(what: string, check: () => Promise<T | undefined>) => waitFor(what, check, 30_000);

it('answers 503 with Retry-After while Postgres is away, never 500, and recovers by itself', async () => {
  const headers = await personas.headers('externalReports');
  const faqs = () => app.inject({ url: '/api/faqs', headers });
  expect((await faqs()).statusCode).toBe(200);

  await cluster.stop('fast');
  const statuses: number[] = [];
  for (const call of [faqs, () => app.inject({ url: '/api/user', headers })]) {
    const reply = await call();
    statuses.push(reply.statusCode);
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.headers['content-type']).toContain('application/json');
    expect(reply.json().message).toMatch(/briefly unavailable/);
  }
  const ready = await app.inject('/readyz');
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ status: 'UNAVAILABLE', queue: 'OK', outbox: null });
  expect(ready.json().database).not.toBe('OK');
  expect(statuses).not.toContain(500);

  await cluster.start();
  // No restart of the API: its pool opens new connections once Postgres answers.
  const recovered = await until('the API to answer again', async () => {
    const reply = await faqs();
    expect(reply.statusCode).not.toBe(500);
    return reply.statusCode === 200 ? reply : undefined;
  });
  expect(recovered.json()).toBeInstanceOf(Array);
  expect((await app.inject('/readyz')).json()).toMatchObject({ status: 'OK', database: 'OK' });
}, 90_000);

it('answers 503, never 500, when Postgres crashes and comes back through recovery', async () => {
  const headers = await personas.headers('externalReports');
  await cluster.stop('immediate');
  const during = await app.inject({ url: '/api/faqs', headers });
  expect(during.statusCode).toBe(503);
  await cluster.start();
  await until('the API to answer again after a crash', async () => {
    const reply = await app.inject({ url: '/api/faqs', headers });
    expect(reply.statusCode).not.toBe(500);
    return reply.statusCode === 200 ? reply : undefined;
  });
}, 90_000);

it('survives Postgres going away in the middle of a transaction (the connection is checked out)', async () => {
  let release: () => void = () => {};
  const paused = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered: () => void = () => {};
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const transaction = database.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    entered();
    await paused;
    await sql`select 1`.execute(trx);
  });
  await inside;
  await cluster.stop('fast');
  release();
  await expect(transaction).rejects.toThrow();
  await cluster.start();
  const headers = await personas.headers('externalReports');
  await until('the API to answer again', async () => {
    const reply = await app.inject({ url: '/api/faqs', headers });
    return reply.statusCode === 200 ? reply : undefined;
  });
}, 90_000);
