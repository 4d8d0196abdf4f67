import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@portal/testing/workers/helpers';

// A real worker process, as production runs it: `node --import tsx workers/src/main.ts` with its
// own environment (WORKER_QUEUES, DATABASE_URL, QUEUE_PREFIX...), its clock moved to `clockAt`
// by fixtures/shifted-clock.ts. Its JSON log lines are kept, so a test can wait for one.

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const clock = fileURLToPath(new URL('./fixtures/shifted-clock.ts', import.meta.url));

export type WorkerProcess = {
  /** The parsed log lines so far. */
  logs: Record<string, unknown>[];
  /** Waits for a log line matching `match`. */
  logged(what: string, match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<void>;
  /** Lets a held clock run on from where it stands (`holdClock`). */
  releaseClock(): void;
  /** SIGTERM, as an orchestrator stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: it dies at once, a job in hand left to BullMQ's stalled-job check. */
  kill(): Promise<void>;
};

export function startWorkerProcess(options: {
  /** Where the process's clock stands when it starts (it runs on from there). */
  clockAt: Date;
  /** The clock stands still at `clockAt` until releaseClock(). */
  holdClock?: boolean;
  env: Record<string, string>;
}): WorkerProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', clock, main], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'debug',
      ...options.env,
      ...(options.holdClock
        ? { CLOCK_HELD_AT_MS: String(options.clockAt.getTime()) }
        : { CLOCK_OFFSET_MS: String(options.clockAt.getTime() - Date.now()) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  return {
    logs,
    async logged(what, match, timeoutMs = 30_000) {
      await waitFor(
        what,
        () => {
          if (child.exitCode !== null) throw new Error(`the worker exited (${child.exitCode}): ${stderr}`);
          return logs.some(match);
        },
        timeoutMs,
      );
    },
    releaseClock() {
      child.kill('SIGUSR2');
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const [code] = await exited;
      return code;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
