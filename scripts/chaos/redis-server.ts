import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';

export type ChaosRedis = {
  url: string;
  start(): Promise<void>;
  /** A clean stop: SHUTDOWN (the AOF is flushed). */
  shutdown(): Promise<void>;
  /** kill -9: whatever the AOF holds is what comes back. */
  kill(): Promise<void>;
  /** Resolves at the first PING answered after a start (the moment "Redis answers"). */
  waitAnswering(timeoutMs?: number): Promise<number>;
};

/**
 * A redis-server the fault suite owns, on its own port and folder, with AOF fsync'd on every write
 * (appendfsync always): a job BullMQ acknowledged survives a kill -9, as production's AOF should.
 */
export function chaosRedis(port: number, dir: string): ChaosRedis {
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const stopped = async (signal: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill(signal);
    await exited;
  };
  return {
    url,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
      const aof = ['--appendonly', 'yes', '--appendfsync', 'always'];
      child = spawn('redis-server', [...args, ...aof], { stdio: 'ignore' });
    },
    shutdown: () => stopped('SIGTERM'),
    kill: () => stopped('SIGKILL'),
    async waitAnswering(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const client = new Redis(url, {
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
        });
        client.on('error', () => {});
        const answered = await client
          .connect()
          .then(() => client.ping())
          .then(
            () => true,
            () => false,
          );
        client.disconnect();
        if (answered) return Date.now();
        if (Date.now() > deadline) throw new Error(`Redis on ${port} did not answer within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
