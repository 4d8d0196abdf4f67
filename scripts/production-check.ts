// The production build, end to end, without Docker: compiles the server side (`tsc -b`), lays it
// out in a clean folder (scripts/production-layout.mjs, as the Dockerfile does), installs the
// production dependencies only, then starts the API and a mail worker from it with plain node
// (no tsx, no TypeScript in node_modules) against real Postgres and Redis, and checks that they
// answer, do a job, and stop cleanly on SIGTERM.
//   npx tsx scripts/production-check.ts [--keep]
// Uses TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) for a
// scratch database, and REDIS_URL (default redis://127.0.0.1:6379) with a queue prefix of its own.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '@portal/db';
import { enqueue } from '@portal/queue';
import { sql } from 'kysely';

const step = (what: string) => console.log(`production-check: ${what}`);

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`FAILED: ${what}`);
  step(`ok: ${what}`);
}

async function stop(child: ChildProcess, name: string): Promise<void> {
  const at = Date.now();
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill('SIGTERM');
  const [code] = await exited;
  check(
    code === 0 && Date.now() - at < 10_000,
    `${name} exits 0 within 10 s of SIGTERM (${Date.now() - at} ms)`,
  );
}

async function main() {
  const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
  const root = process.cwd();
  const out = mkdtempSync(join(tmpdir(), 'portal-production-'));
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `portal_production_check_${randomBytes(4).toString('hex')}`;
  const admin = connect({ databaseUrl: adminUrl, maxConnections: 1 });
  const children: ChildProcess[] = [];
  try {
    step('tsc -b');
    execFileSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
    step(`layout in ${out}`);
    execFileSync(process.execPath, ['scripts/production-layout.mjs', out], { cwd: root, stdio: 'inherit' });
    step('npm install --omit=dev');
    execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: out,
      stdio: 'inherit',
    });
    for (const dev of ['tsx', 'typescript', 'vitest', '@biomejs/biome', 'smtp-server']) {
      check(!existsSync(join(out, 'node_modules', dev)), `no ${dev} in the production node_modules`);
    }
    check(!existsSync(join(out, 'apps/api/src')), 'no TypeScript source in the production folder');

    await sql`create database ${sql.id(database)}`.execute(admin.db);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const port = await freePort();
    const metricsPort = await freePort();
    const token = randomBytes(16).toString('hex');
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // The compiled code: each @portal package's "portal-build" export is its dist/.
      NODE_OPTIONS: '--conditions=portal-build',
      DATABASE_URL: url.toString(),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `{production-check-${randomBytes(4).toString('hex')}}`,
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: token,
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      OIDC_PROVIDERS: JSON.stringify([
        { name: 'sso', issuer: 'https://sso.example.test', clientId: 'portal', clientSecret: 'secret' },
      ]),
      STORAGE_DIR: join(out, 'data/files'),
      MAIL_DIR: join(out, 'data/mail'),
    };
    const launch = (name: string, script: string, extra: Record<string, string>) => {
      const child = spawn('node', [script], {
        cwd: out,
        env: { ...env, ...extra },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      step(`started ${name}: node ${script}`);
      return child;
    };

    const api = launch('the API', 'apps/api/dist/server.js', { PORT: String(port), HOST: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    const ready = await until('the API to be ready', async () => {
      const reply = await fetch(`${base}/readyz`);
      return reply.status === 200 ? ((await reply.json()) as Record<string, unknown>) : undefined;
    });
    check(ready.database === 'OK' && ready.queue === 'OK', '/readyz: database and queue OK');
    const faqs = await fetch(`${base}/api/faqs`);
    check(faqs.status === 401, 'GET /api/faqs without a session answers 401');
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    check(
      metrics.status === 200 && (await metrics.text()).includes('portal_outbox_waiting'),
      '/metrics with the token',
    );

    const worker = launch('a mail worker', 'workers/dist/main.js', {
      WORKER_QUEUES: 'mail',
      METRICS_PORT: String(metricsPort),
    });
    const handle = connect({ databaseUrl: url.toString(), maxConnections: 1 });
    try {
      await enqueue(handle.db, {
        name: 'mail.send',
        payload: {
          to: ['ops@example.com'],
          subject: 'Production check',
          text: 'Sent by the compiled worker.',
        },
      });
    } finally {
      await handle.close();
    }
    const mail = await until('the worker to write the mail', async () => {
      const files = existsSync(env.MAIL_DIR)
        ? readdirSync(env.MAIL_DIR).filter((f) => f.endsWith('.eml'))
        : [];
      return files[0];
    });
    check(Boolean(mail), `the compiled worker sent the mail (${mail})`);
    const workerMetrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    check(/^portal_mail_sent_total 1$/m.test(await workerMetrics.text()), "the worker's /metrics counts it");

    await stop(worker, 'the worker');
    await stop(api, 'the API');
    step('PASSED');
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await sql`drop database if exists ${sql.id(database)} with (force)`.execute(admin.db).catch(() => {});
    await admin.close();
    if (values.keep) step(`kept ${out}`);
    else rmSync(out, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
