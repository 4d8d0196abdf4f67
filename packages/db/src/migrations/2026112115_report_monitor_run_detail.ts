import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// What a report monitor check records beyond its counts: the 10:00 ET instant it was due at,
// which monitors were due, and how many alerts were emailed (an alert whose recipients are empty
// told nobody: its category had no owners).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table report_monitor_runs
      add column scheduled_for timestamptz,
      add column due_monitor_ids integer[] not null default '{}',
      add column emailed_count integer not null default 0;
    create index report_monitor_alerts_run on report_monitor_alerts (run_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop index report_monitor_alerts_run;
    alter table report_monitor_runs drop column scheduled_for, drop column due_monitor_ids, drop column emailed_count;
  `,
  );
}
