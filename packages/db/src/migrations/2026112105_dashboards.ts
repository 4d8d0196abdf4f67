import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Embedded dashboards, their activity events and the monthly view aggregate that the
// Most Viewed sort reads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table dashboards (
      dashboard_id integer generated always as identity primary key,
      partner_id integer not null references partners (partner_id) on delete cascade,
      dashboard_name text not null check (btrim(dashboard_name) <> ''),
      dashboard_description text not null default '',
      dashboard_url text not null check (btrim(dashboard_url) <> ''),
      dashboard_type text not null check (dashboard_type in ('TABLEAU', 'RSTUDIO', 'THOUGHTSPOT', 'QUICKSIGHT')),
      dashboard_content_type text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index dashboards_partner on dashboards (partner_id);

    create table dashboard_activity_events (
      event_id uuid primary key,
      dashboard_id integer not null references dashboards (dashboard_id) on delete cascade,
      user_id text,
      kind text not null check (kind in ('VIEW', 'FAIL')),
      detail jsonb,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default now()
    );
    create index dashboard_activity_events_dashboard on dashboard_activity_events (dashboard_id, occurred_at);

    create table dashboard_views_monthly (
      dashboard_id integer not null references dashboards (dashboard_id) on delete cascade,
      month date not null check (extract(day from month) = 1),
      views integer not null default 0,
      primary key (dashboard_id, month)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `drop table dashboard_views_monthly, dashboard_activity_events, dashboards;`);
}
