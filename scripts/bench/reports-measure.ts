import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { onPath } from './on-path.js';

// Measuring helpers of the reports bench: the API as its own process (so its memory is its own),
// the process's resident memory from /proc, a streamed download, the floors.

export type ApiProcess = { pid: number; url: string; stop(): Promise<void> };

/**
 * The API's malloc settings, as the Dockerfile sets them: 1 MB file reads come from the heap, and
 * freed memory is not handed back to the system after each one. Without them glibc maps and unmaps
 * (or trims) memory around those reads depending on what the process did before, and a download ran
 * at 0.45 to 1.7 of disk speed from one run to the next (faulting in fresh pages for every chunk).
 */
export const MALLOC_TUNABLES = 'glibc.malloc.trim_threshold=536870912:glibc.malloc.mmap_threshold=33554432';

export function startApiProcess(
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Promise<ApiProcess> {
  return startServerProcess(
    'apps/api/src/server.ts',
    // A prefix of its own unless given: each run's database is new, and a prefix belongs to one database.
    { GLIBC_TUNABLES: MALLOC_TUNABLES, QUEUE_PREFIX: `{bench-${randomBytes(4).toString('hex')}}`, ...env },
    port,
    nodeArgs,
  );
}

/** A server script as its own process, once its /healthz answers. */
export async function startServerProcess(
  script: string,
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Promise<ApiProcess> {
  // The API loads its tracing as production does (it registers nothing unless OTEL_EXPORTER_OTLP_ENDPOINT
  // is set: scripts/bench/tracing.ts sets it); the reference servers stay untraced.
  const register = script === 'apps/api/src/server.ts' ? ['--import', '@portal/telemetry/register-api'] : [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...register, script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to 60 s: on a loaded two-core machine tsx's compile (and the tracing SDK, when on) took over 20.
  for (let i = 0; i < 600; i += 1) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error(`${script} exited while starting`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid as number,
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return Number(match?.[1] ?? 0) * 1024;
}

/** Resident memory now, and a fresh peak: writing 5 to clear_refs resets VmHWM (Linux). */
export async function resetPeak(pid: number): Promise<number> {
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {});
  return procStatus(pid, 'VmRSS');
}
export const peakMemory = (pid: number) => procStatus(pid, 'VmHWM');

/** Streams a GET to nowhere in this process (where curl is not installed); bytes and seconds. */
export function timedDownload(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; seconds: number; status: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({ bytes, seconds: (performance.now() - start) / 1000, status: response.statusCode ?? 0 }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * A GET to /dev/null by curl: a process of its own, in C. On two cores the client shares the CPU
 * with the API; the Node client above took about half of a download's throughput (measured: the
 * same downloads at 650 to 975 MB/s through it, 1,300 to 1,780 through curl).
 */
export function curlDownload(
  curl: string,
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; seconds: number; status: number }> {
  const args = ['-s', '-o', '/dev/null', '-w', '%{size_download} %{time_total} %{http_code}'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    execFile(curl, [...args, url], (error, stdout) => {
      if (error) return reject(error);
      const [bytes, seconds, status] = stdout.trim().split(' ').map(Number);
      resolve({ bytes: bytes ?? 0, seconds: seconds ?? 0, status: status ?? 0 });
    });
  });
}

/** The floor of a download: the same files read to /dev/null, one after another. */
export async function readToDevNull(paths: string[]): Promise<{ bytes: number; seconds: number }> {
  const start = performance.now();
  let bytes = 0;
  for (const path of paths) {
    const source = createReadStream(path);
    source.on('data', (chunk) => {
      bytes += chunk.length;
    });
    await pipeline(source, createWriteStream('/dev/null'));
  }
  return { bytes, seconds: (performance.now() - start) / 1000 };
}

/** As the API sent it: a named statement is prepared once per connection, as the API's are. */
export type Statement = { sql: string; parameters: readonly unknown[]; name?: string };

export const asQuery = (statement: Statement) => ({
  text: statement.sql,
  values: statement.parameters as unknown[],
  ...(statement.name && { name: statement.name }),
});

/**
 * The floor of the list: the statements one list request issues, run through a bare pg pool by
 * `connections` workers for `seconds`; requests per second and p99 of one request's statements.
 */
export async function replayStatements(
  pool: pg.Pool,
  statements: Statement[],
  { connections, seconds }: { connections: number; seconds: number },
): Promise<{ requestsPerSecond: number; p99: number; total: number }> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (performance.now() < end) {
        const start = performance.now();
        for (const statement of statements) await client.query(asQuery(statement));
        latencies.push(performance.now() - start);
      }
    } finally {
      client.release();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    total: latencies.length,
  };
}

export type DownloadFigure = {
  mbps: number;
  floorMbps: number;
  extraRssMb: number;
  bytes: number;
  client: 'curl' | 'node:http';
};

/**
 * A download against its floor (the same files to /dev/null just before), `rounds` times: the
 * round of the median ratio, with the largest extra resident memory of any round. One download
 * takes a fraction of a second, and a shared machine's disk and page cache vary that much.
 */
export async function downloadRounds(
  rounds: number,
  {
    url,
    headers,
    paths,
    pid,
  }: { url: string; headers: Record<string, string>; paths: string[]; pid: number },
): Promise<DownloadFigure> {
  const MB = 1024 * 1024;
  const curl = onPath('curl');
  const figures: DownloadFigure[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const floor = await readToDevNull(paths);
    const before = await resetPeak(pid);
    const download = await (curl ? curlDownload(curl, url, headers) : timedDownload(url, headers));
    const peak = await peakMemory(pid);
    if (download.status !== 200) throw new Error(`download answered ${download.status}`);
    const figure = {
      mbps: download.bytes / MB / download.seconds,
      floorMbps: floor.bytes / MB / floor.seconds,
      extraRssMb: Math.max(0, peak - before) / MB,
      bytes: download.bytes,
      client: curl ? ('curl' as const) : ('node:http' as const),
    };
    figures.push(figure);
    console.log(
      `  ${paths.length} file(s), round ${round + 1}: /dev/null ${figure.floorMbps.toFixed(0)} MB/s, API to ${figure.client} ${figure.mbps.toFixed(0)} MB/s (${(figure.mbps / figure.floorMbps).toFixed(2)}), +${figure.extraRssMb.toFixed(0)} MB`,
    );
  }
  const byRatio = [...figures].sort((a, b) => a.mbps / a.floorMbps - b.mbps / b.floorMbps);
  const median = byRatio[Math.floor(byRatio.length / 2)] as DownloadFigure;
  return { ...median, extraRssMb: Math.max(...figures.map((figure) => figure.extraRssMb)) };
}
