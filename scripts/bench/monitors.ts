// On demand, not in CI: the report monitor check over 20,000 monitors and 1,000,000 reports.
//   npx tsx scripts/bench/monitors.ts [--monitors 20000] [--reports-per-monitor 50] [--categories 40] [--keep]
// (the growth bench runs it at 20,000, 100,000 and 200,000 monitors: partners grow, categories stay)
// The seeded data is kept as a template database (bench_tpl_monitors_<categories>c_<reports per
// monitor>r_<monitors>_<hash of the migrations' names>), copied into a scratch database on each run
// (--fresh seeds it again). Runs the check of one day as the worker runs it, and prints its duration and the statements
// it issued (counted by a Kysely log hook: the count must not grow with the number of monitors).
import { parseArgs } from 'node:util';
import { connect, type Database, planMonitorCheck } from '@portal/db';
import { checkInstant } from '@portal/domain/monitors/monitor-schedule';
import { runMonitorCheck } from '@portal/workers/monitors/run-check';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { countBench, seedBench } from './monitors-data.js';
import { scratchFromHistory, timed } from './scratch-database.js';

const CHECK_DATE = '2026-11-30'; // a Monday, also the last business day of November: many schedules due

async function main() {
  const { values } = parseArgs({
    options: {
      monitors: { type: 'string', default: '20000' },
      'reports-per-monitor': { type: 'string', default: '50' },
      /** Monitors are partners x categories: the partners are monitors / categories. */
      categories: { type: 'string', default: '40' },
      keep: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
    },
  });
  const monitors = Number(values.monitors);
  const perMonitor = Number(values['reports-per-monitor']);
  const categories = Number(values.categories);
  const { admin, name, url, seedSeconds } = await scratchFromHistory('monitors', {
    kind: `monitors_${categories}c_${perMonitor}r`,
    rows: monitors,
    fresh: values.fresh,
    seed: async (db) => {
      await seedBench(db, { monitors, perMonitor, categories, checkDate: CHECK_DATE });
    },
  });
  const handle = connect({ databaseUrl: url, maxConnections: 4 });
  try {
    const counts = await countBench(handle.db);
    console.log(`${counts.monitors} monitors, ${counts.reports} reports`);

    const statements: string[] = [];
    const counted = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: handle.pool! }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql.split(/\s+/).slice(0, 3).join(' '));
      },
    });
    const [plan, planMs] = await timed(() => planMonitorCheck(counted, CHECK_DATE));
    const planStatements = statements.length;
    console.log(
      `plan (dry run): ${plan.due.length} due, ${plan.missing.length} missing in ${planMs.toFixed(0)} ms, ` +
        `${planStatements} statement(s)`,
    );

    statements.length = 0;
    const now = checkInstant(CHECK_DATE);
    const [outcome, checkMs] = await timed(() =>
      runMonitorCheck(counted, {
        checkDate: CHECK_DATE,
        scheduledFor: now,
        now: () => now,
        publicUrl: 'https://portal.example',
      }),
    );
    if (outcome.status !== 'checked') throw new Error(`unexpected outcome ${outcome.status}`);
    console.log(
      `check: ${outcome.dueCount} due, ${outcome.missingCount} missing, ${outcome.emailed.length} emails to the outbox, ` +
        `${outcome.unnotified.length} with nobody to tell, in ${checkMs.toFixed(0)} ms, ` +
        `${statements.length} statements counting begin and commit: ${statements.join(' | ')}`,
    );
    const checkStatements = statements.length;

    statements.length = 0;
    const [again, againMs] = await timed(() =>
      runMonitorCheck(counted, {
        checkDate: CHECK_DATE,
        scheduledFor: now,
        now: () => now,
        publicUrl: 'https://portal.example',
      }),
    );
    console.log(
      `re-run of the same day: ${again.status} in ${againMs.toFixed(0)} ms, ${statements.length} statement(s)`,
    );
    const outbox = await handle.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`outbox rows: ${outbox.n}`);
    // The dry run reads what the check reads and writes nothing: the check's floor.
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        monitors: counts.monitors,
        reports: counts.reports,
        seedMs: seedSeconds === undefined ? null : seedSeconds * 1000,
        due: outcome.dueCount,
        missing: outcome.missingCount,
        checkMs,
        statements: checkStatements,
        planMs,
        planStatements,
        againMs,
      })}`,
    );
  } finally {
    await handle.close();
    if (!values.keep) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    else console.log(`kept database ${name}`);
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
