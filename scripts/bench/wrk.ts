import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { onPath } from './on-path.js';

// wrk (Debian's package `wrk`): an HTTP load generator written in C, run as its own process. On a
// 2-core machine the load generator shares the cores with the server it measures and with
// Postgres; autocannon, in the bench's own Node process, took about 0.2 ms of CPU a request
// (measured with the API's list), wrk about a quarter of that.

export type WrkResult = { rps: number; p99: number; requests: number; non2xx: number; errors: number };

export const wrkPath = () => onPath('wrk');

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** The figures of wrk's report printed with --latency. */
export function parseWrk(report: string): WrkResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(report);
    if (!match) throw new Error(`wrk printed no ${pattern.source}:\n${report}`);
    return match;
  };
  const p99 = number(/^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  return {
    rps: Number(number(/Requests\/sec:\s+([\d.]+)/)[1]),
    p99: Number(p99[1]) * (UNIT_MS[p99[2] as string] ?? Number.NaN),
    requests: Number(number(/(\d+) requests in /)[1]),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/**
 * One thread, `connections` connections, one request at a time on each (wrk does not pipeline).
 * A request times out after 10 s, as autocannon's do: wrk's default of 2 s dropped the slowest
 * requests of a loaded machine from the latencies and failed the run.
 */
export async function runWrk(
  binary: string,
  options: { url: string; headers: Record<string, string>; connections: number; seconds: number },
): Promise<WrkResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '--latency'];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)(binary, [...args, options.url]);
  return parseWrk(stdout);
}
