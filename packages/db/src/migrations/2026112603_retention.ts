import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Issue 29: no table without a bound. The dashboard activity events and the audit log become
// partitioned by month (on the event's own time), so forgetting a month is dropping a table;
// their rows move over. No default partition: it would have to be scanned (and emptied) before
// any later month could be made. The indexes below serve the batched retention deletes (and the
// deletes their foreign keys cascade to) of the tables that are cut row by row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    -- Makes the partition of one UTC month if it is not there (the same name and bounds as
    -- packages/db/src/retention/partitions.ts).
    create function make_month_partition(parent text, in_month timestamptz) returns void language plpgsql as $$
    declare
      month_start timestamp := date_trunc('month', in_month at time zone 'UTC');
    begin
      execute format(
        'create table if not exists %I partition of %I for values from (%L) to (%L)',
        parent || '_p' || to_char(month_start, 'YYYYMM'), parent,
        month_start at time zone 'UTC', (month_start + interval '1 month') at time zone 'UTC');
    end $$;

    alter table dashboard_activity_events rename to dashboard_activity_events_unpartitioned;
    alter table dashboard_activity_events_unpartitioned
      rename constraint dashboard_activity_events_pkey to dashboard_activity_events_unpartitioned_pkey;
    alter index dashboard_activity_events_dashboard rename to dashboard_activity_events_unpartitioned_dashboard;
    create table dashboard_activity_events (
      event_id uuid not null,
      dashboard_id integer not null references dashboards (dashboard_id) on delete cascade,
      user_id text,
      kind text not null check (kind in ('VIEW', 'FAIL')),
      detail jsonb,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default now(),
      -- A replayed event carries the same occurred_at, so the key still makes it a no-op.
      primary key (event_id, occurred_at)
    ) partition by range (occurred_at);
    select make_month_partition('dashboard_activity_events', month)
    from (
      select distinct date_trunc('month', occurred_at at time zone 'UTC') at time zone 'UTC' as month
      from dashboard_activity_events_unpartitioned
      union select date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' + make_interval(months => ahead)
      from generate_series(0, 2) as ahead
    ) as months;
    insert into dashboard_activity_events (event_id, dashboard_id, user_id, kind, detail, occurred_at, recorded_at)
    select event_id, dashboard_id, user_id, kind, detail, occurred_at, recorded_at
    from dashboard_activity_events_unpartitioned;
    drop table dashboard_activity_events_unpartitioned;
    create index dashboard_activity_events_dashboard on dashboard_activity_events (dashboard_id, occurred_at);

    alter table audit_log rename to audit_log_unpartitioned;
    alter table audit_log_unpartitioned rename constraint audit_log_pkey to audit_log_unpartitioned_pkey;
    alter index audit_log_at rename to audit_log_unpartitioned_at;
    alter index audit_log_entity rename to audit_log_unpartitioned_entity;
    -- A sequence rather than an identity column: Postgres before 17 has none on a partitioned table.
    create sequence audit_log_id_seq as bigint;
    create table audit_log (
      audit_id bigint not null default nextval('audit_log_id_seq'),
      at timestamptz not null default now(),
      actor_user_id text,
      action text not null,
      entity_type text not null,
      entity_id text,
      before jsonb,
      after jsonb,
      detail jsonb,
      primary key (audit_id, at)
    ) partition by range (at);
    alter sequence audit_log_id_seq owned by audit_log.audit_id;
    select make_month_partition('audit_log', month)
    from (
      select distinct date_trunc('month', at at time zone 'UTC') at time zone 'UTC' as month
      from audit_log_unpartitioned
      union select date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' + make_interval(months => ahead)
      from generate_series(0, 2) as ahead
    ) as months;
    insert into audit_log (audit_id, at, actor_user_id, action, entity_type, entity_id, before, after, detail)
    select audit_id, at, actor_user_id, action, entity_type, entity_id, before, after, detail
    from audit_log_unpartitioned;
    select setval('audit_log_id_seq', coalesce((select max(audit_id) from audit_log_unpartitioned), 0) + 1, false);
    drop table audit_log_unpartitioned;
    create index audit_log_at on audit_log (at desc);
    create index audit_log_entity on audit_log (entity_type, entity_id);

    create index outbox_published on outbox (published_at) where published_at is not null;
    create index mail_deliveries_claimed_at on mail_deliveries (claimed_at);
    create index webhook_deliveries_created_at on webhook_deliveries (created_at);
    create index webhook_deliveries_event on webhook_deliveries (event_id);
    create index report_subscription_items_event on report_subscription_items (event_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop index report_subscription_items_event, webhook_deliveries_event,
      webhook_deliveries_created_at, mail_deliveries_claimed_at, outbox_published;

    alter table audit_log rename to audit_log_partitioned;
    alter table audit_log_partitioned rename constraint audit_log_pkey to audit_log_partitioned_pkey;
    alter index audit_log_at rename to audit_log_partitioned_at;
    alter index audit_log_entity rename to audit_log_partitioned_entity;
    create table audit_log (
      audit_id bigint generated by default as identity primary key,
      at timestamptz not null default now(),
      actor_user_id text,
      action text not null,
      entity_type text not null,
      entity_id text,
      before jsonb,
      after jsonb,
      detail jsonb
    );
    insert into audit_log select audit_id, at, actor_user_id, action, entity_type, entity_id, before, after, detail
    from audit_log_partitioned;
    select setval(pg_get_serial_sequence('audit_log', 'audit_id'), coalesce(max(audit_id), 0) + 1, false) from audit_log;
    drop table audit_log_partitioned;
    create index audit_log_at on audit_log (at desc);
    create index audit_log_entity on audit_log (entity_type, entity_id);

    alter table dashboard_activity_events rename to dashboard_activity_events_partitioned;
    alter table dashboard_activity_events_partitioned
      rename constraint dashboard_activity_events_pkey to dashboard_activity_events_partitioned_pkey;
    alter index dashboard_activity_events_dashboard rename to dashboard_activity_events_partitioned_dashboard;
    create table dashboard_activity_events (
      event_id uuid primary key,
      dashboard_id integer not null references dashboards (dashboard_id) on delete cascade,
      user_id text,
      kind text not null check (kind in ('VIEW', 'FAIL')),
      detail jsonb,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default now()
    );
    insert into dashboard_activity_events select * from dashboard_activity_events_partitioned;
    drop table dashboard_activity_events_partitioned;
    create index dashboard_activity_events_dashboard on dashboard_activity_events (dashboard_id, occurred_at);

    drop function make_month_partition;
  `,
  );
}
