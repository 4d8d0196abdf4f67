// The production build, end to end, without Docker: compiles the server side (`tsc -b`), lays it
// out in a clean folder (scripts/production-layout.mjs, as the Dockerfile does), installs the
// production dependencies only, checks that every package the compiled code imports is there
// (a module loaded late, or only by an operator script, would otherwise fail in production only),
// then starts the API and a mail worker from it with plain node (no tsx, no TypeScript in
// node_modules) against real Postgres and Redis, and checks that they answer, do a job, and stop
// cleanly on SIGTERM, and that operator scripts run. A step of `npm test` (scripts/test.sh).
//   npx tsx scripts/production-check.ts [--keep]
// Uses TEST_DATABASE_URL's server for a scratch database, and REDIS_URL with a queue prefix of its
// own (by default the local ones, @portal/testing).
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '@portal/db';
import { enqueue } from '@portal/queue';
import { databaseUrl, freePort, TEST_ADMIN_URL, TEST_REDIS_URL } from '@portal/testing';
import { sql } from 'kysely';

const step = (what: string) => console.log(`production-check: ${what}`);

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

// Run in the production folder with the production resolution (--conditions=portal-build): every
// bare import of the compiled server code, static or dynamic, must resolve there. Prints the ones
// that do not, and how many it checked.
const resolveEveryImport = `
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.name.endsWith('.js')) files.push(path);
  }
};
for (const workspace of JSON.parse(readFileSync('package.json', 'utf8')).workspaces) walk(join(workspace, 'dist'));
// import/export ... from 'x' (statements start a line in tsc's output), import 'x', import('x').
const specifiers = /^(?:import|export)\\b[^;]*?\\bfrom\\s*['"]([^'"]+)['"]|^import\\s*['"]([^'"]+)['"]|\\bimport\\(\\s*['"]([^'"]+)['"]\\s*\\)/gm;
const missing = [];
let count = 0;
for (const file of files) {
  const require = createRequire(join(process.cwd(), file));
  for (const match of readFileSync(file, 'utf8').matchAll(specifiers)) {
    const name = match[1] ?? match[2] ?? match[3];
    if (/^(node:|\\.|\\/)/.test(name)) continue;
    count += 1;
    const root = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    try { require.resolve(name); } catch {
      // An ESM-only package has no require entry: its folder on the lookup path shows it is
      // installed. Ours must resolve to their dist/.
      const installed = !root.startsWith('@portal/') &&
        (require.resolve.paths(root) ?? []).some((dir) => existsSync(join(dir, root)));
      if (!installed) missing.push(name + ' (' + file + ')');
    }
  }
}
console.log(JSON.stringify({ files: files.length, imports: count, missing }));
`;

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
  const began = Date.now();
  const out = mkdtempSync(join(tmpdir(), 'portal-production-'));
  const database = `portal_production_check_${randomBytes(4).toString('hex')}`;
  const admin = connect({ databaseUrl: TEST_ADMIN_URL, maxConnections: 1 });
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
    // The software bill of materials of what runs in production (CycloneDX, npm's own `npm sbom`);
    // the Dockerfile writes the same file into the image.
    step('npm sbom (CycloneDX)');
    const sbom = JSON.parse(
      // From the lock: read from node_modules, npm also wants the dev dependencies it left out.
      execFileSync('npm', ['sbom', '--sbom-format', 'cyclonedx', '--omit', 'dev', '--package-lock-only'], {
        cwd: out,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as { bomFormat?: string; specVersion?: string; components?: { name: string; version: string }[] };
    writeFileSync(join(out, 'sbom.cdx.json'), `${JSON.stringify(sbom, null, 2)}\n`);
    const components = new Map((sbom.components ?? []).map((c) => [c.name, c.version]));
    check(
      sbom.bomFormat === 'CycloneDX' &&
        ['fastify', 'bullmq', 'kysely', 'pg'].every((name) => components.has(name)),
      `a CycloneDX ${sbom.specVersion} SBOM of ${components.size} production components (fastify ${components.get('fastify')}, bullmq ${components.get('bullmq')})`,
    );
    for (const dev of ['vitest', 'typescript', 'tsx']) {
      check(!components.has(dev), `no ${dev} in the SBOM`);
    }
    const resolved = JSON.parse(
      execFileSync(
        process.execPath,
        ['--conditions=portal-build', '--input-type=module', '-e', resolveEveryImport],
        {
          cwd: out,
          encoding: 'utf8',
        },
      ),
    ) as { files: number; imports: number; missing: string[] };
    check(
      resolved.missing.length === 0,
      `every import of the compiled code resolves in the production folder (${resolved.imports} in ${resolved.files} files)${resolved.missing.length ? `; missing: ${resolved.missing.slice(0, 10).join(', ')}` : ''}`,
    );

    await sql`create database ${sql.id(database)}`.execute(admin.db);
    const url = databaseUrl(database);
    const port = await freePort();
    const metricsPort = await freePort();
    const token = randomBytes(16).toString('hex');
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // The compiled code: each @portal package's "portal-build" export is its dist/.
      NODE_OPTIONS: '--conditions=portal-build',
      DATABASE_URL: url,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `{production-check-${randomBytes(4).toString('hex')}}`,
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: token,
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      // Production refuses the development key that seals webhook secrets.
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
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
    // The SPA is in the layout when it was built first (npm test builds it before this step).
    if (existsSync(join(out, 'apps/web/dist/index.html'))) {
      const page = await fetch(`${base}/login`);
      check(
        page.status === 200 && (page.headers.get('content-type') ?? '').startsWith('text/html'),
        'the API serves the built SPA (GET /login)',
      );
    }

    const worker = launch('a mail worker', 'workers/dist/main.js', {
      WORKER_QUEUES: 'mail',
      METRICS_PORT: String(metricsPort),
    });
    const handle = connect({ databaseUrl: url, maxConnections: 1 });
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

    const operatorScript = (script: string, args: string[]) =>
      spawnSync('node', [script, ...args], { cwd: out, env, encoding: 'utf8', timeout: 30_000 });
    const replay = operatorScript('scripts/dist/replay-jobs.js', ['--dry-run']);
    check(
      replay.status === 0,
      `an operator script runs: node scripts/dist/replay-jobs.js --dry-run (exit ${replay.status})`,
    );
    const batch = operatorScript('scripts/dist/batches-run.js', [
      '--kind',
      'disputes',
      '--date',
      '2026-11-23',
      '--dry-run',
    ]);
    check(
      batch.status === 0 && batch.stdout.startsWith('record_id,'),
      `an operator script reaching into the workers' build runs: node scripts/dist/batches-run.js --dry-run (exit ${batch.status})`,
    );
    step(`PASSED in ${Math.round((Date.now() - began) / 1000)} s`);
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
