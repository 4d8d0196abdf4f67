import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { call } from './load.js';

export type ProcessKind = 'api' | 'worker';

/** How each process is started: from source with tsx (default) or from the production build. */
export type Launch = { api: string[]; worker: string[] };

export const sourceLaunch: Launch = {
  api: ['--import', 'tsx', 'apps/api/src/server.ts'],
  worker: ['--import', 'tsx', 'workers/src/main.ts'],
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null; afterMs: number };

export type PortalProcess = {
  name: string;
  start(): void;
  /** Sends the signal and resolves with how the process ended, and how long after the signal. */
  stop(signal: NodeJS.Signals): Promise<Exit>;
  running(): boolean;
};

/** Every child the suite started: if the suite itself dies, they die with it (one exit listener). */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Kills `child` when the suite exits, unless it has exited first. */
export function killOnExit(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** A portal process (API or worker) the suite can stop and start again; its output goes to a log file. */
export function portalProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
  cwd: string,
): PortalProcess {
  let child: ChildProcess | undefined;
  const log = createWriteStream(logFile, { flags: 'a' });
  return {
    name,
    start() {
      child = spawn(process.execPath, args, {
        env: { ...process.env, ...env },
        cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      killOnExit(child);
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
    },
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async stop(signal) {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null)
        return { code: running?.exitCode ?? null, signal: null, afterMs: 0 };
      const exited = once(running, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      const at = Date.now();
      running.kill(signal);
      const [code, endedBy] = await exited;
      return { code, signal: endedBy, afterMs: Date.now() - at };
    },
  };
}

export async function waitHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await call(url, 'GET', '/readyz', {});
    const ok = 'status' in reply && reply.status === 200;
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
