// On demand, not in CI: the 8PM dispute batch over 100,000 disputes.
//   npx tsx scripts/bench/batches.ts [--disputes 100000] [--keep]
// Builds a scratch database (on BENCH_ADMIN_URL's server, by default the local one of @portal/testing),
// runs the batch as the worker runs it (records taken, file streamed to a local store, batch row,
// summary in the outbox) and prints its time and peak memory. The floor, measured in the same run,
// is reading the same records page by page without writing anything: the batch's time is given
// as a ratio to it, and its memory as the growth over the process's resident size before it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect, disputeFileRecords, migrateToLatest } from '@portal/db';
import { batchInstant } from '@portal/domain/forms/form-batch';
import { LocalDiskStore } from '@portal/storage';
import { insertBenchDisputes } from '@portal/testing/db';
import { runBatch } from '@portal/workers/forms/run-batch';
import { sql } from 'kysely';
import { createScratch, timed } from './scratch-database.js';

const BATCH_DATE = '2026-11-23';
const MB = 1024 * 1024;

/** Samples resident and heap memory every 10 ms while `work` runs; returns the peaks. */
async function peakMemory<T>(work: () => Promise<T>) {
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 10);
  try {
    const [result, ms] = await timed(work);
    return { result, ms, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const { values } = parseArgs({
    options: { disputes: { type: 'string', default: '100000' }, keep: { type: 'boolean', default: false } },
  });
  const count = Number(values.disputes);
  const { admin, name, url } = await createScratch('batches');
  const handle = connect({ databaseUrl: url, maxConnections: 4 });
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-batches-'));
  try {
    await migrateToLatest(handle.db);
    const [, seedMs] = await timed(() => insertBenchDisputes(handle.db, count, BATCH_DATE));
    await sql`analyze disputes`.execute(handle.db);
    console.log(`seeded ${count} disputes in ${(seedMs / 1000).toFixed(1)} s`);

    global.gc?.();
    const [read, floorMs] = await timed(async () => {
      let rows = 0;
      for await (const page of disputeFileRecords(handle.db, { pendingThrough: BATCH_DATE }))
        rows += page.length;
      return rows;
    });
    console.log(`floor: read ${read} records page by page in ${floorMs.toFixed(0)} ms`);

    global.gc?.();
    const baseline = process.memoryUsage();
    const store = new LocalDiskStore({ root: dir });
    const run = await peakMemory(() =>
      runBatch(
        {
          db: handle.db,
          store,
          now: () => batchInstant('disputes', BATCH_DATE),
          operationsMailbox: 'ops@bench.local',
        },
        { kind: 'disputes', batchDate: BATCH_DATE, scheduledFor: batchInstant('disputes', BATCH_DATE) },
      ),
    );
    if (run.result.status !== 'completed') throw new Error(`batch did not run: ${run.result.status}`);
    const size = (await store.stat(run.result.storageKey))?.size ?? 0;
    console.log(
      `batch: ${run.result.recordCount} records, ${(size / MB).toFixed(1)} MB file, ${run.ms.toFixed(0)} ms ` +
        `(${(run.ms / floorMs).toFixed(2)}x the floor)`,
    );
    console.log(
      `memory: peak RSS ${(run.rss / MB).toFixed(0)} MB (+${((run.rss - baseline.rss) / MB).toFixed(0)} MB over ` +
        `${(baseline.rss / MB).toFixed(0)} MB before), peak heap ${(run.heap / MB).toFixed(0)} MB ` +
        `(+${((run.heap - baseline.heapUsed) / MB).toFixed(0)} MB); the file is ${(size / MB).toFixed(1)} MB`,
    );
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        disputes: count,
        records: run.result.recordCount,
        seedMs,
        ms: run.ms,
        floorMs,
        fileMb: size / MB,
        peakRssMb: run.rss / MB,
        extraRssMb: (run.rss - baseline.rss) / MB,
        peakHeapMb: run.heap / MB,
      })}`,
    );
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
    if (!values.keep) await sql`drop database ${sql.id(name)}`.execute(admin.db);
    await admin.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
