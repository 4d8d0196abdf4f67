import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prefixOwnerKey } from '@portal/queue';
import { freePort, TEST_REDIS_URL } from '@portal/testing';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { launchKeepingOutput } from '@portal/testing/processes';
import { waitFor } from '@portal/testing/wait-for';
import { Redis } from 'ioredis';
import { afterAll, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { isLoopback, type ListeningSocket, listeningSockets, processTree } from './listening-sockets.js';

// `npm start` runs a demo whose passwords are public: the portal, the demo sign-in server and the
// demo webhook receiver listen on loopback only, read from the sockets the kernel holds for the
// processes start.mjs starts. The image and compose, whose containers must be reached through their
// published ports, still listen on every interface. Each start compiles with tsx and migrates and
// seeds an embedded database: tens of seconds on a loaded two-core machine (a bound, not a timing).
vi.setConfig({ testTimeout: 180_000 });

const root = fileURLToPath(new URL('../..', import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Started = { child: ChildProcess; output: () => string };

/** A process of ours, its output kept; stopped (SIGTERM, then waited for) after the file. */
function launch(args: string[], env: NodeJS.ProcessEnv): Started {
  const launched = launchKeepingOutput(args, { cwd: root, env });
  cleanups.push(launched.stop);
  return launched;
}

async function socketsOnceListening(started: Started, ports: number[]): Promise<ListeningSocket[]> {
  return waitFor(
    `listening on ports ${ports.join(', ')}`,
    async () => {
      if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
      const sockets = await listeningSockets(await processTree(started.child.pid ?? 0));
      return ports.every((port) => sockets.some((socket) => socket.port === port)) ? sockets : undefined;
    },
    150_000,
  );
}

/** The environment without the settings the person (or this machine) might have set for itself. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['HOST', 'DEV_SSO_HOST', 'DATABASE_URL', 'SMTP_URL', 'NODE_OPTIONS']) delete env[name];
  return env;
}

it('npm start listens on loopback only: the portal, the demo sign-in server and the demo receiver', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'portal-start-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const [api, sso, receiver] = [await freePort(), await freePort(), await freePort()];
  const started = launch(['scripts/start.mjs', '--no-build'], {
    ...baseEnv(),
    PORT: String(api),
    DEV_SSO_PORT: String(sso),
    DEMO_WEBHOOK_PORT: String(receiver),
    PUBLIC_URL: `http://localhost:${api}`,
    DEV_SSO_ISSUER: `http://localhost:${sso}`,
    REDIS_URL: TEST_REDIS_URL,
    PGLITE_DIR: join(dir, 'pg'),
    STORAGE_DIR: join(dir, 'files'),
    MAIL_DIR: join(dir, 'mail'),
    WEB_DIST: join(dir, 'no-web'),
    LOG_LEVEL: 'warn',
  });

  const sockets = await socketsOnceListening(started, [api, sso, receiver]);
  expect(sockets.filter((socket) => !isLoopback(socket.address))).toEqual([]);
  // The start says so, once it is up.
  await waitFor('the summary', () => started.output().includes('the portal is ready'), 30_000);
  expect(started.output()).toContain('this machine only (127.0.0.1)');
  expect(started.output()).not.toContain('open to the network');
  // The processes log JSON; the person reads lines (the API's warning about its ALTCHA key, here).
  const lines = started.output().split('\n');
  expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
  expect(lines.some((line) => /^\[\d\d:\d\d:\d\d\] WARN: ALTCHA_HMAC_KEY is unset/.test(line))).toBe(true);

  // With no QUEUE_PREFIX, the new embedded database gets a prefix of its own, named by its identity.
  const prefix = /queue prefix (\{portal-[0-9a-f]{8}\})/.exec(started.output())?.[1];
  expect(prefix).toBeDefined();
  const redis = new Redis(TEST_REDIS_URL);
  cleanups.push(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  expect(await redis.get(prefixOwnerKey(prefix ?? ''))).toMatch(new RegExp(`^${prefix?.slice(8, 16)}-`));
});

/** The ENV of the Dockerfile's last stage (the image that runs): KEY=value pairs, lines joined. */
function imageEnv(): Record<string, string> {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, pairs] of lastStage.matchAll(/^ENV\s+(.*)$/gm)) {
    for (const pair of (pairs ?? '').trim().split(/\s+/)) {
      const [name, ...value] = pair.split('=');
      if (name) env[name] = value.join('=');
    }
  }
  return env;
}

type Compose = { services: Record<string, { environment?: Record<string, string | number> }> };

/** A compose service's environment, `${NAME:-default}` read as its default (nothing set here). */
function composeEnv(service: string): Record<string, string> {
  const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as Compose;
  return Object.fromEntries(
    Object.entries(compose.services[service]?.environment ?? {}).map(([name, value]) => [
      name,
      String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1'),
    ]),
  );
}

const wildcard = (socket: ListeningSocket) => socket.address === '0.0.0.0' || socket.address === '::';

it("the image's and compose's settings listen on every interface: the API and the sign-in server", async () => {
  expect(imageEnv().HOST).toBe('0.0.0.0');
  expect(composeEnv('api').HOST).toBe('0.0.0.0');
  expect(composeEnv('dev-sso').DEV_SSO_HOST).toBe('0.0.0.0');

  const database: TestDatabase = await createTestDatabase();
  cleanups.push(() => database.drop());
  const dir = await mkdtemp(join(tmpdir(), 'portal-image-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const [api, sso] = [await freePort(), await freePort()];
  // The API as compose runs the image (its ENV, then the service's environment), from source rather
  // than the build (NODE_OPTIONS picks the build), on this machine's database, Redis and ports.
  const { NODE_OPTIONS: _build, ...image } = imageEnv();
  const apiProcess = launch(['--import', 'tsx', 'apps/api/src/server.ts'], {
    ...baseEnv(),
    ...image,
    ...composeEnv('api'),
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: `{test-${randomBytes(5).toString('hex')}}`,
    PORT: String(api),
    STORAGE_DIR: join(dir, 'files'),
    MAIL_DIR: join(dir, 'mail'),
    WEB_DIST: join(dir, 'no-web'),
    LOG_LEVEL: 'warn',
  });
  const ssoProcess = launch(['--import', 'tsx', 'apps/dev-sso/src/main.ts'], {
    ...baseEnv(),
    ...composeEnv('dev-sso'),
    DEV_SSO_PORT: String(sso),
  });

  const [apiSockets, ssoSockets] = await Promise.all([
    socketsOnceListening(apiProcess, [api]),
    socketsOnceListening(ssoProcess, [sso]),
  ]);
  expect(apiSockets.filter((socket) => socket.port === api).every(wildcard)).toBe(true);
  expect(ssoSockets.filter((socket) => socket.port === sso).every(wildcard)).toBe(true);
});
