import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { PREVIEW_LIMITS, PreviewError } from './limits.js';

// Workbooks (.xlsx, .xls) are read by SheetJS Community Edition (@e965/xlsx, 0.20.x) in a worker
// thread: the parse is synchronous and holds the whole workbook, so it runs off the event loop,
// with a heap limit and a time limit, at most one per core at a time.

export type RawSheet = { name: string; rows: string[][]; cut: boolean };

const unreadable = () => new PreviewError('This file could not be read as a spreadsheet.');
const tooLarge = () => new PreviewError('This spreadsheet is too large to preview. Download it instead.');
const tooSlow = () => new PreviewError('This spreadsheet took too long to read. Download it instead.');

const slots = { free: Math.max(1, availableParallelism()), waiting: [] as (() => void)[] };

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slots.free > 0) slots.free -= 1;
  else await new Promise<void>((resolve) => slots.waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free += 1;
  }
}

/** The first PREVIEW_LIMITS.rows (+1, to tell a longer sheet) rows of each worksheet, as text. */
export function readWorkbook(file: Buffer): Promise<RawSheet[]> {
  return withSlot(
    () =>
      new Promise<RawSheet[]>((resolve, reject) => {
        const worker = new Worker(new URL('./sheet-reader.worker.mjs', import.meta.url), {
          workerData: {
            file,
            rows: PREVIEW_LIMITS.rows,
            columns: PREVIEW_LIMITS.columns,
            cellCharacters: PREVIEW_LIMITS.cellCharacters,
            worksheets: PREVIEW_LIMITS.worksheets,
          },
          resourceLimits: { maxOldGenerationSizeMb: PREVIEW_LIMITS.readerHeapMegabytes },
          // The worker runs plain JavaScript: no loader of the parent (tsx) is needed there.
          execArgv: [],
        });
        let settled = false;
        const finish = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          outcome();
          void worker.terminate();
        };
        const timer = setTimeout(() => finish(() => reject(tooSlow())), PREVIEW_LIMITS.readMilliseconds);
        worker.once('message', (sheets: RawSheet[]) => finish(() => resolve(sheets)));
        worker.once('error', (error: Error & { code?: string }) =>
          finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge() : unreadable())),
        );
        worker.once('exit', () => finish(() => reject(unreadable())));
      }),
  );
}
