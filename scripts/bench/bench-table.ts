// What run-all.ts and growth.ts share: running one bench as its own process (reading the
// `BENCH_RESULT {json}` line it prints last), the table's row and its printing.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

/** `met` is null on a reference row: a figure that explains another, with no goal of its own. */
export type Row = {
  bench: string;
  figure: string;
  floor: string;
  ratio: string;
  goal: string;
  met: boolean | null;
};

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

export function runBench(
  file: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    console.log(`\n=== ${file} ${args.join(' ')} (load average ${load()})`);
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/bench/${file}`, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, E2E_LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'error', ...env },
    });
    let result: Record<string, unknown> | undefined;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('BENCH_RESULT ')) result = JSON.parse(line.slice('BENCH_RESULT '.length));
        else console.log(`  ${line}`);
      }
    });
    child.on('exit', (code) =>
      code === 0 && result ? resolve(result) : reject(new Error(`${file} exited with ${code}`)),
    );
  });
}

export function printTable(rows: Row[], markdown: boolean) {
  const header = ['bench', 'figure', 'floor (same run)', 'ratio', 'goal', 'met'];
  const cells = rows.map((r) => [
    r.bench,
    r.figure,
    r.floor,
    r.ratio,
    r.goal,
    r.met === null ? '-' : r.met ? 'yes' : 'NO',
  ]);
  if (markdown) {
    console.log(`| ${header.join(' | ')} |`);
    console.log(`|${header.map(() => '---').join('|')}|`);
    for (const row of cells) console.log(`| ${row.join(' | ')} |`);
    return;
  }
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
}
