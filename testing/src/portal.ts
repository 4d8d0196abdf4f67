import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '@portal/api/config';
import { type RunningApi, startApi } from '@portal/api/start';
import { seedDemo } from '@portal/db/seed';
import { type DevSso, startDevSso } from '@portal/dev-sso';
import { LocalDiskStore } from '@portal/storage';
import { DEFAULT_WEBHOOK_DISPATCH } from '@portal/workers/config';
import { startWorkers } from '@portal/workers/start-workers';
import pino from 'pino';
import { createTestDatabase, prepareTemplateDatabase, type TestDatabase } from './db.js';
import { freePort } from './network.js';
import { startSmtpSink } from './portal/smtp-sink.js';

export type RunningPortal = {
  baseUrl: string;
  databaseUrl: string;
  filesDir: string;
  mailDir: string;
  queuePrefix: string;
  redisUrl: string;
  stop(): Promise<void>;
};

/**
 * The whole portal for the browser tests and the browser benchmarks: a fresh Postgres database
 * with the demo seed, the demo sign-in server, the API serving the built SPA, and the workers, all
 * on free ports.
 */
export async function startPortal(): Promise<RunningPortal> {
  const webDist = resolve(process.env.E2E_WEB_DIST ?? 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('The SPA is not built: run `npm run build -w @portal/web` before the browser tests.');
  }
  await prepareTemplateDatabase();
  const database: TestDatabase = await createTestDatabase();
  const filesDir = await mkdtemp(join(tmpdir(), 'portal-e2e-files-'));
  const mailDir = await mkdtemp(join(tmpdir(), 'portal-e2e-mail-'));
  // Mail goes by SMTP to a real server, which keeps each message it receives in mailDir.
  const smtp = await startSmtpSink(mailDir);
  const queuePrefix = `e2e-${randomBytes(4).toString('hex')}`;
  // The demo seed as scripts/seed.ts loads it (the workspace of the operator scripts is not one
  // the harness may import: scripts' benchmarks import the harness).
  const seedStore = new LocalDiskStore({ root: filesDir });
  await seedDemo(database.db, {
    putReportFile: (key, body, contentType) => seedStore.put(key, body, { contentType }),
  });

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const sso: DevSso = await startDevSso({
    port: 0,
    host: '127.0.0.1',
    clients: [
      {
        clientId: 'portal',
        clientSecret: 'dev-sso-portal-secret',
        redirectUris: [`${baseUrl}/api/login/oauth2/code/sso`],
        postLogoutRedirectUris: [`${baseUrl}/logout`],
      },
    ],
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: database.url,
    QUEUE_PREFIX: queuePrefix,
    WEB_DIST: webDist,
    STORAGE_DIR: filesDir,
    DEV_SSO_ISSUER: sso.issuer,
    LOGIN_RATE_LIMIT: '10000',
    // Webhook endpoints may be a browser test's receiver on 127.0.0.2 (http), and nothing else
    // outside the address policy: 127.0.0.1 stays refused.
    WEBHOOK_ALLOWED_RANGES: '127.0.0.2/32',
    WEBHOOK_ALLOW_HTTP: 'true',
  });
  const logger = pino({ level: process.env.E2E_LOG_LEVEL ?? 'warn' });
  const workers = await startWorkers({
    handle: database,
    redisUrl: config.REDIS_URL,
    prefix: queuePrefix,
    mailConfig: { smtpUrl: smtp.url, mailDir, from: 'Partner Portal <no-reply@portal.local>' },
    publicUrl: baseUrl,
    logger,
    // The API's store: a batch file the workers write is the one the Batches view downloads.
    store: new LocalDiskStore({ root: filesDir }),
    // A report subscription's mail goes at the next dispatch after 1 s, not 2 minutes.
    subscriptionWindowSeconds: 1,
    // The API's webhook settings (the same key, ranges and http), a failed delivery retried after 1 s.
    webhooks: {
      ...config.webhooks,
      ...DEFAULT_WEBHOOK_DISPATCH,
      retryBaseMs: 1000,
      disableAfterFailures: 50,
    },
  });
  const api: RunningApi = await startApi(config, { database });

  return {
    baseUrl,
    databaseUrl: database.url,
    filesDir,
    mailDir,
    queuePrefix,
    redisUrl: config.REDIS_URL,
    async stop() {
      await api.close();
      await workers.stop();
      await smtp.close();
      await sso.close();
      await database.drop();
      await rm(filesDir, { recursive: true, force: true });
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
