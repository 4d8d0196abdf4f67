import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Report files (metadata and storage key, never the bytes) and the scheduled report monitors
// with a record of every check run.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table reports (
      report_id integer generated always as identity primary key,
      partner_id integer not null references partners (partner_id) on delete cascade,
      category_code text not null references report_categories (code) on update cascade,
      frequency_type_code text not null references frequency_types (code) on update cascade,
      report_date date not null,
      file_name text not null check (btrim(file_name) <> '' and file_name !~ '[/\\]'),
      file_size bigint not null check (file_size >= 0),
      content_type text not null,
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      storage_key text not null,
      last_modified timestamptz not null,
      uploaded_at timestamptz not null default now(),
      uploaded_by text,
      -- A re-upload of the same file name for the same partner, category and date supersedes
      -- the earlier row, which is kept.
      superseded_at timestamptz,
      superseded_by integer references reports (report_id),
      deleted_at timestamptz,
      deleted_by text
    );
    create index reports_listing on reports (partner_id, category_code, report_date desc)
      where deleted_at is null and superseded_at is null;
    create unique index reports_current_file on reports (partner_id, category_code, report_date, file_name)
      where superseded_at is null and deleted_at is null;

    create table report_monitors (
      report_monitor_id integer generated always as identity primary key,
      partner_id integer not null references partners (partner_id) on delete cascade,
      category_code text not null references report_categories (code) on update cascade on delete cascade,
      frequency_type_code text not null check (frequency_type_code in ('DLY', 'WLY', 'MLY')),
      -- MONDAY..FRIDAY, or BUSINESS_DAY for monthly monitors.
      frequency_day text check (frequency_day in ('MONDAY','TUESDAY','WEDNESDAY','THURSDAY','FRIDAY','BUSINESS_DAY')),
      -- 1..4 or -1 (Last), monthly only.
      frequency_number integer check (frequency_number in (1, 2, 3, 4, -1)),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (
        (frequency_type_code = 'DLY' and frequency_day is null and frequency_number is null)
        or (frequency_type_code = 'WLY' and frequency_day is not null and frequency_day <> 'BUSINESS_DAY'
            and frequency_number is null)
        or (frequency_type_code = 'MLY' and frequency_day is not null and frequency_number is not null)
      )
    );
    create index report_monitors_partner on report_monitors (partner_id, category_code);

    create table report_monitor_runs (
      run_id integer generated always as identity primary key,
      check_date date not null unique,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      late boolean not null default false,
      due_count integer not null default 0,
      missing_count integer not null default 0
    );

    create table report_monitor_alerts (
      run_id integer not null references report_monitor_runs (run_id) on delete cascade,
      report_monitor_id integer not null references report_monitors (report_monitor_id) on delete cascade,
      due_date date not null,
      recipients text[] not null default '{}',
      created_at timestamptz not null default now(),
      primary key (report_monitor_id, due_date)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `drop table report_monitor_alerts, report_monitor_runs, report_monitors, reports;`);
}
