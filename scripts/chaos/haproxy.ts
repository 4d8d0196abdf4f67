import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { call } from './load.js';
import { killOnExit } from './processes.js';

/** What the proxy counted for one API (its checked server and its unchecked backup together). */
export type ApiCounts = { answered: number; ok: number; current: number; status: string };
export type ProxyCounts = { apis: Map<string, ApiCounts>; redispatched: number; retried: number };

export type ChaosProxy = {
  url: string;
  /** The proxy's own counters, read from its stats page. */
  counts(): Promise<ProxyCounts>;
  stop(): Promise<void>;
};

/** Fails the suite at once, saying what to install, when Debian's haproxy is missing. */
export function requireHaproxy(): void {
  const probe = spawnSync('haproxy', ['-v'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      "The fault suite runs its two APIs behind Debian's haproxy, which is not installed here: " +
        'apt-get install haproxy (.ci/run installs it).',
    );
  }
}

function parseStats(csv: string): ProxyCounts {
  const [head = '', ...rows] = csv.trim().split('\n');
  const columns = head.replace(/^# /, '').split(',');
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  const count = (cells: string[], name: string) => Number(at(cells, name)) || 0;
  const result: ProxyCounts = { apis: new Map(), redispatched: 0, retried: 0 };
  for (const cells of rows.map((row) => row.split(','))) {
    if (at(cells, 'pxname') !== 'api') continue;
    const server = at(cells, 'svname');
    if (server === 'BACKEND') {
      result.redispatched = count(cells, 'wredis');
      result.retried = count(cells, 'wretr');
      continue;
    }
    if (server === 'FRONTEND') continue;
    const api = server.replace(/-unready$/, '');
    const counts = result.apis.get(api) ?? { answered: 0, ok: 0, current: 0, status: '' };
    counts.ok += count(cells, 'hrsp_2xx');
    counts.current += count(cells, 'scur');
    counts.answered += ['hrsp_1xx', 'hrsp_2xx', 'hrsp_3xx', 'hrsp_4xx', 'hrsp_5xx']
      .map((name) => count(cells, name))
      .reduce((a, b) => a + b, 0);
    // The checked server's state (UP, DOWN, ...); the backup has no check.
    if (api === server) counts.status = at(cells, 'status');
    result.apis.set(api, counts);
  }
  return result;
}

/**
 * Debian's haproxy on deploy/haproxy.cfg, the file compose mounts, with the addresses and check
 * timings given through its environment variables: the APIs on their free ports, checks every
 * 250 ms (100 ms once one failed; an API drains for 2 s). Resolves once both APIs are UP.
 */
export async function startHaproxy(options: {
  configFile: string;
  port: number;
  statsPort: number;
  apis: [string, string];
  logFile: string;
}): Promise<ChaosProxy> {
  const statsUrl = `http://127.0.0.1:${options.statsPort}`;
  const env = {
    PATH: process.env.PATH ?? '',
    PROXY_BIND: `127.0.0.1:${options.port}`,
    STATS_BIND: `127.0.0.1:${options.statsPort}`,
    API_A: options.apis[0],
    API_B: options.apis[1],
    CHECK_INTER: '250ms',
    CHECK_FASTINTER: '100ms',
    LOG_TARGET: 'stdout',
  };
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', options.configFile], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  const log = createWriteStream(options.logFile, { flags: 'a' });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const proxy: ChaosProxy = {
    url: `http://127.0.0.1:${options.port}`,
    async counts() {
      const reply = await call(statsUrl, 'GET', '/stats;csv', {});
      if (!('status' in reply) || reply.status !== 200)
        throw new Error(`haproxy's stats: ${'error' in reply ? reply.error : reply.status}`);
      return parseStats(reply.body);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`haproxy exited (${child.exitCode}): see ${options.logFile}`);
    const counts = await proxy.counts().catch(() => undefined);
    if (counts && [...counts.apis.values()].filter((api) => api.status === 'UP').length === 2) return proxy;
    if (Date.now() > deadline)
      throw new Error(`haproxy did not see both APIs up within 30 s: ${options.logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
