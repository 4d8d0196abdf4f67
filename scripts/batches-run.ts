// One batch of the operational forms, by hand:
//   npx tsx scripts/batches-run.ts --kind invoices|disputes --date YYYY-MM-DD --dry-run
//       prints the file the batch would write (to stdout) and its count (to stderr); changes nothing.
//       A day already run would write nothing: it prints, as the run would, that the batch already
//       ran and what it holds
//   npx tsx scripts/batches-run.ts --kind invoices|disputes --date YYYY-MM-DD
//       runs that day's batch now, as the worker would (a day already run does nothing more)
// Reads DATABASE_URL (embedded PGlite in data/pg without it), the STORAGE_* variables and
// OPERATIONS_MAILBOX like the workers.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { connect, countPendingThrough, type Db, findBatch } from '@portal/db';
import { formatUsd } from '@portal/domain';
import { BATCH_KINDS, type BatchKind, batchInstant } from '@portal/domain/forms/form-batch';
import { isBusinessDay } from '@portal/domain/time/business-days';
import { isIsoDate } from '@portal/domain/time/iso-date';
import { createBlobStore } from '@portal/storage';
import { batchFileStream } from '@portal/workers/forms/batch-file';
import { runBatch } from '@portal/workers/forms/run-batch';
import { DEFAULT_OPERATIONS_MAILBOX } from '@portal/workers/start-workers';

const usage = 'usage: npx tsx scripts/batches-run.ts --kind invoices|disputes --date YYYY-MM-DD [--dry-run]';

const help = `${usage}

Runs one business day's batch of an operational form by hand, as the worker does on its schedule.
  --kind      invoices (customer invoice requests) or disputes (retailer disputes)
  --date      the batch date, YYYY-MM-DD: a business day
  --dry-run   prints the file the batch would write (stdout) and its count (stderr); changes nothing
  --help, -h  prints this and exits
A day already run writes nothing more: the run says so, and what the batch holds.
Reads DATABASE_URL (embedded PGlite in data/pg without it), the STORAGE_* variables and
OPERATIONS_MAILBOX like the workers.`;

/** Asked for the usage: answered before any other option is read, so `--help` alone is enough. */
export const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

export function parseBatchArgs(argv: string[]): { kind: BatchKind; date: string; dryRun: boolean } {
  const { values } = (() => {
    try {
      return parseArgs({
        args: argv,
        options: {
          kind: { type: 'string' },
          date: { type: 'string' },
          'dry-run': { type: 'boolean', default: false },
        },
      });
    } catch (error) {
      // parseArgs names the unknown option; the usage says what is known.
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    }
  })();
  const kind = values.kind as BatchKind;
  if (!BATCH_KINDS.includes(kind)) throw new Error(`--kind must be invoices or disputes\n${usage}`);
  if (!values.date || !isIsoDate(values.date))
    throw new Error(`--date must be a date written YYYY-MM-DD\n${usage}`);
  if (!isBusinessDay(values.date)) throw new Error(`${values.date} is not a business day: it has no batch`);
  return { kind, date: values.date, dryRun: values['dry-run'] ?? false };
}

/**
 * What a run of a day already run prints, the real one and the dry one alike: the batch as recorded
 * and, on stderr, what became of the records still pending through that day (the next batch).
 */
async function alreadyRun(db: Db, kind: BatchKind, date: string, dryRun: boolean): Promise<void> {
  const batch = await findBatch(db, kind, date);
  console.log(JSON.stringify({ status: 'already-run', kind, batchDate: date, batch }, null, 2));
  const pending = await countPendingThrough(db, kind, date);
  const total = batch?.totalCents == null ? '' : `, ${formatUsd(batch.totalCents)}`;
  const holds = batch
    ? `${batch.status}, ${batch.recordCount} record(s)${total}, file ${batch.fileKey ?? '(none yet)'}`
    : 'its row is gone';
  console.error(
    `${dryRun ? 'dry run: ' : ''}the ${kind} batch of ${date} already ran (${holds}); ` +
      `${dryRun ? 'a run would write nothing' : 'nothing more was written'}. ` +
      `${pending} pending record(s) dated on or before it will join the next batch.`,
  );
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(help);
    return;
  }
  const { kind, date, dryRun } = parseBatchArgs(argv);
  const handle = connect({ databaseUrl: process.env.DATABASE_URL });
  try {
    if (dryRun) {
      if (await findBatch(handle.db, kind, date)) return await alreadyRun(handle.db, kind, date, true);
      const { stream, totals } = batchFileStream(handle.db, kind, date, { pendingThrough: date });
      for await (const chunk of stream) process.stdout.write(chunk as Buffer);
      console.error(
        `dry run: the ${kind} batch of ${date} would take ${totals.count} record(s); nothing was written`,
      );
      return;
    }
    const outcome = await runBatch(
      {
        db: handle.db,
        store: createBlobStore(process.env),
        now: () => new Date(),
        operationsMailbox: process.env.OPERATIONS_MAILBOX || DEFAULT_OPERATIONS_MAILBOX,
      },
      { kind, batchDate: date, scheduledFor: batchInstant(kind, date) },
    );
    if (outcome.status === 'already-run') return await alreadyRun(handle.db, kind, date, false);
    console.log(JSON.stringify(outcome, null, 2));
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`batches-run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
