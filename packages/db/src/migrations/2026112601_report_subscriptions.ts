import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Issue 28: the domain events of report delivery, and people's subscriptions to a partner's report
// category. An event row is written in the transaction of the change it announces (with its outbox
// row); a subscription's pending items are the events it has heard and not yet mailed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table report_events (
      event_id uuid primary key default gen_random_uuid(),
      event_type text not null
        check (event_type in ('report.available', 'report.replaced', 'report.deleted', 'monitor.missing')),
      partner_id integer not null references partners (partner_id) on delete cascade,
      category_code text not null,
      frequency_type_code text,
      report_id integer,
      replaced_report_id integer,
      report_monitor_id integer,
      report_date date,
      file_name text,
      occurred_at timestamptz not null default now()
    );
    create index report_events_occurred_at on report_events (occurred_at);

    create table report_subscriptions (
      subscription_id integer generated always as identity primary key,
      user_id text not null references users (user_id) on update cascade on delete cascade,
      partner_id integer not null references partners (partner_id) on delete cascade,
      category_code text not null references report_categories (code) on update cascade on delete cascade,
      -- Empty: every frequency type of the category.
      frequency_type_codes text[] not null default '{}',
      delivery text not null check (delivery in ('AS_THEY_ARRIVE', 'DAILY_DIGEST')),
      -- Eastern time, 'HH:MM'; a digest only.
      digest_time text check (digest_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      unsubscribe_token text not null unique,
      paused_reason text,
      last_sent_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((delivery = 'DAILY_DIGEST') = (digest_time is not null)),
      unique (user_id, partner_id, category_code)
    );
    create index report_subscriptions_target on report_subscriptions (partner_id, category_code);

    create table report_subscription_items (
      subscription_id integer not null references report_subscriptions (subscription_id) on delete cascade,
      event_id uuid not null references report_events (event_id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (subscription_id, event_id)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop table report_subscription_items;
    drop table report_subscriptions;
    drop table report_events;
  `,
  );
}
