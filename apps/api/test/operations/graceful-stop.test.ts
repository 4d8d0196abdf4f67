import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect as connectTcp, type Socket } from 'node:net';
import { freePort } from '@portal/testing';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { waitFor } from '@portal/testing/wait-for';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type RunningApi, startApi } from '../../src/start.js';

// A stopping API first says it is not ready while it goes on serving (a load balancer routing on
// /readyz stops sending it calls), then answers every caller that had connected before it stopped
// accepting, even one whose request arrives just after (Fastify's close() alone would answer it
// 503), and refuses callers that connect after, so that a load balancer sends them elsewhere.
let database: TestDatabase;
let api: RunningApi;
let port: number;

/** What the server sent on this socket until it ended it. */
function received(socket: Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    PORT: String(port),
    QUEUE_PREFIX: `test-stop-${randomBytes(4).toString('hex')}`,
    WEB_DIST: 'apps/web/dist-missing',
  });
  api = await startApi(config, { database });
}, 60_000);

afterAll(async () => {
  await database.drop();
});

const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);

it('says not ready while it drains, and goes on serving', async () => {
  expect((await get('/readyz')).status).toBe(200);
  const drained = api.drain(500);
  const readiness = await get('/readyz');
  expect(readiness.status).toBe(503);
  expect(await readiness.json()).toEqual({ status: 'STOPPING' });
  const health = await get('/healthz');
  expect(health.status).toBe(200);
  await drained;
});

it('answers a connection accepted before the stop whose request comes after it, and refuses new ones', async () => {
  const connections = () =>
    new Promise<number>((resolve) => api.app.server.getConnections((_, count) => resolve(count)));
  const before = await connections();
  const early = connectTcp(port, '127.0.0.1');
  early.on('error', () => {});
  const reply = received(early);
  await once(early, 'connect');
  await waitFor('the API to accept the connection', async () => (await connections()) > before);

  const stopped = api.close();
  await waitFor('the listener to close', () => !api.app.server.listening);
  early.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  expect(await reply).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*"status":"OK"/);

  const late = connectTcp(port, '127.0.0.1');
  const [error] = (await once(late, 'error')) as [NodeJS.ErrnoException];
  expect(error.code).toBe('ECONNREFUSED');
  await stopped;
});
