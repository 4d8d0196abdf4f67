// On demand, not in CI: spreadsheet readers for the report preview, measured on the real-world
// fixtures (apps/api/test/reports/workbooks) and on generated large workbooks.
//   npx tsx scripts/bench/preview-readers.ts [--rows 50000] [--runs 3] [--files regex]
// Each (reader, file) runs in a fresh child process, so its peak resident memory is its own:
// - floor: inflating every zip entry (the zip guard's own work; .xlsx only), the least any reader does;
// - exceljs: exceljs 4's streaming WorkbookReader, every row (the reader before, .xlsx only);
// - sheetjs: SheetJS CE 0.20 (@e965/xlsx) XLSX.read on the main thread, whole workbook;
// - portal: the preview as served (zip guard, then SheetJS with sheetRows in a worker thread).
// Prints milliseconds (median of --runs), the ratio to the floor, and peak RSS in MB.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(resolve('apps/api/package.json'));
const FIXTURES = resolve('apps/api/test/reports/workbooks');
type Reader = 'floor' | 'exceljs' | 'sheetjs' | 'portal';

/** Peak resident memory of this process (VmHWM, reset by exec), in MB. */
function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function measureOnce(reader: Reader, file: string): Promise<void> {
  const body = readFileSync(file);
  // Modules load before the clock starts: only reading is timed (the worker's own load is part of
  // the portal's reading, and is timed).
  const { assertSafeZip } = await import('../../apps/api/src/reports/preview/zip-guard.js');
  const { previewReport } = await import('../../apps/api/src/reports/preview/index.js');
  const ExcelJS = require('exceljs');
  const XLSX = require('@e965/xlsx');
  const started = performance.now();
  let cells = 0;
  if (reader === 'floor') {
    await assertSafeZip(body);
  } else if (reader === 'exceljs') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([body]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of workbook) for await (const row of sheet) cells += row.values.length;
  } else if (reader === 'sheetjs') {
    const workbook = XLSX.read(body, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false });
    for (const name of workbook.SheetNames) {
      for (const row of workbook.Sheets[name]['!data'] ?? []) cells += row?.length ?? 0;
    }
  } else {
    const sheets = await previewReport({
      fileName: file,
      fileSize: body.length,
      open: async () => Readable.from([body]),
    });
    for (const sheet of sheets) for (const row of sheet.rows) cells += row.length;
  }
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, cells, maxRssMb: peakRssMb() }));
}

function child(reader: Reader, file: string): { ms: number; cells: number; maxRssMb: number } | null {
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', reader, file],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return JSON.parse(out);
  } catch {
    return null;
  }
}

async function generate(dir: string, rows: number): Promise<string[]> {
  const XLSX = require('@e965/xlsx');
  const data: unknown[][] = [
    ['Store', 'Date', 'Amount', 'Card', 'Status', 'Note', 'A', 'B', 'C', 'D', 'E', 'F'],
  ];
  for (let i = 1; i <= rows; i += 1) {
    data.push([
      `#${i}`,
      new Date(Date.UTC(2026, 0, 1 + (i % 365))),
      i * 1.25,
      `4111${String(i).padStart(12, '0')}`,
      i % 3 ? 'settled' : 'pending',
      `note ${i}`,
      i,
      i * 2,
      i * 3,
      i * 4,
      i * 5,
      i * 6,
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data, { cellDates: true }), 'Data');
  const xlsx = join(dir, `generated-${rows}-rows.xlsx`);
  const xls = join(dir, `generated-${Math.min(rows, 65535)}-rows.xls`);
  writeFileSync(xlsx, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }));
  const small = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    small,
    XLSX.utils.aoa_to_sheet(data.slice(0, 65535), { cellDates: true }),
    'Data',
  );
  writeFileSync(xls, XLSX.write(small, { type: 'buffer', bookType: 'biff8' }));
  return [xlsx, xls];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      child: { type: 'boolean', default: false },
      rows: { type: 'string', default: '50000' },
      runs: { type: 'string', default: '3' },
      files: { type: 'string', default: '.' },
    },
    allowPositionals: true,
  });
  if (values.child) {
    const [reader, file] = process.argv.slice(process.argv.indexOf('--child') + 1);
    await measureOnce(reader as Reader, file as string);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'preview-bench-'));
  try {
    const files = [
      ...readdirSync(FIXTURES)
        .filter((name) => /\.(xlsx|xls)$/i.test(name))
        .map((name) => join(FIXTURES, name)),
      ...(await generate(dir, Number(values.rows))),
    ].filter((file) => new RegExp(values.files).test(file));
    const runs = Number(values.runs);
    console.log('file | KB | reader | ms (median) | x floor | peak RSS MB | cells');
    for (const file of files) {
      const isXlsx = file.endsWith('.xlsx');
      const size = Math.round(readFileSync(file).length / 1024);
      let floor: number | null = null;
      for (const reader of (isXlsx
        ? ['floor', 'exceljs', 'sheetjs', 'portal']
        : ['sheetjs', 'portal']) as Reader[]) {
        const results = Array.from({ length: runs }, () => child(reader, file));
        const ok = results.filter((r) => r !== null);
        const name = file.split('/').pop();
        if (ok.length === 0) {
          console.log(`${name} | ${size} | ${reader} | fails | - | - | -`);
          continue;
        }
        const ms = ok.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(ok.length / 2)] as number;
        if (reader === 'floor') floor = ms;
        const ratio = floor ? (ms / floor).toFixed(1) : '-';
        const rss = Math.max(...ok.map((r) => r.maxRssMb)).toFixed(0);
        console.log(`${name} | ${size} | ${reader} | ${ms.toFixed(1)} | ${ratio} | ${rss} | ${ok[0]?.cells}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
