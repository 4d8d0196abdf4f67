import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { once } from 'node:events';

export type Launched = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/** A Node.js process of ours with its output (stdout and stderr) kept; `stop` sends SIGTERM and waits for it. */
export function launchKeepingOutput(args: string[], options: SpawnOptions): Launched {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { child, output: () => output, stop };
}
