import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// FAQs, the site banner, partner logos and marketing images, and reported issues.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table faqs (
      faq_id integer generated always as identity primary key,
      question text not null check (btrim(question) <> ''),
      answer text not null check (btrim(answer) <> ''),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index faqs_question_ci on faqs (lower(btrim(question)));

    create table banner_types (
      banner_code text primary key,
      alert_code text not null,
      name text not null
    );

    create table banners (
      banner_id integer generated always as identity primary key,
      banner_message text not null check (btrim(banner_message) <> ''),
      banner_type text not null references banner_types (banner_code),
      -- Seconds; null means indefinite.
      time_to_live integer check (time_to_live > 0),
      is_active boolean not null default true,
      activated_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table partner_images (
      partner_code text not null,
      kind text not null check (kind in ('LOGO', 'MARKETING')),
      storage_key text not null,
      content_type text not null,
      byte_size integer not null,
      updated_at timestamptz not null default now(),
      updated_by text,
      primary key (partner_code, kind)
    );

    create table issue_reasons (
      reason text primary key,
      sort_order integer not null default 0
    );

    create table reported_issues (
      issue_id integer generated always as identity primary key,
      user_id text references users (user_id) on update cascade on delete set null,
      phone text,
      reason text not null,
      message text not null,
      created_at timestamptz not null default now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `drop table reported_issues, issue_reasons, partner_images, banners, banner_types, faqs;`,
  );
}
