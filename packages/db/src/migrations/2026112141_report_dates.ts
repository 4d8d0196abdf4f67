import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// The dates that have live reports, per partner and category, with how many: the reports page's
// date picker offers only these. A category can hold tens of thousands of reports over thousands
// of dates; reading the dates from here costs one short index range instead of a walk over every
// report. A trigger keeps it exact whoever writes reports: ingest, seed, soft delete, supersede.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table report_dates (
      partner_id integer not null references partners (partner_id) on delete cascade,
      category_code text not null,
      report_date date not null,
      live_reports integer not null check (live_reports > 0),
      primary key (partner_id, category_code, report_date)
    );

    create function report_dates_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null and old.superseded_at is null then
        delete from report_dates
          where partner_id = old.partner_id and category_code = old.category_code
            and report_date = old.report_date and live_reports = 1;
        if not found then
          update report_dates set live_reports = live_reports - 1
            where partner_id = old.partner_id and category_code = old.category_code
              and report_date = old.report_date;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null and new.superseded_at is null then
        insert into report_dates (partner_id, category_code, report_date, live_reports)
          values (new.partner_id, new.category_code, new.report_date, 1)
          on conflict (partner_id, category_code, report_date)
          do update set live_reports = report_dates.live_reports + 1;
      end if;
      return null;
    end;
    $$;

    create trigger reports_track_dates
      after insert or delete or update of partner_id, category_code, report_date, deleted_at, superseded_at
      on reports for each row execute function report_dates_track();

    insert into report_dates (partner_id, category_code, report_date, live_reports)
      select partner_id, category_code, report_date, count(*) from reports
      where deleted_at is null and superseded_at is null
      group by partner_id, category_code, report_date;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop trigger reports_track_dates on reports;
    drop function report_dates_track();
    drop table report_dates;
  `,
  );
}
