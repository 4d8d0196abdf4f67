import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// The transactional outbox (a domain change and its job commit together) and the audit log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table outbox (
      outbox_id uuid primary key default gen_random_uuid(),
      queue text not null,
      job_name text not null,
      payload jsonb not null,
      job_id text,
      created_at timestamptz not null default now(),
      published_at timestamptz,
      attempts integer not null default 0,
      last_error text
    );
    create index outbox_unpublished on outbox (created_at) where published_at is null;

    create function outbox_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('outbox', new.queue);
      return new;
    end $$;
    create trigger outbox_notify after insert on outbox for each row execute function outbox_notify();

    create table audit_log (
      audit_id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor_user_id text,
      action text not null,
      entity_type text not null,
      entity_id text,
      before jsonb,
      after jsonb,
      detail jsonb
    );
    create index audit_log_at on audit_log (at desc);
    create index audit_log_entity on audit_log (entity_type, entity_id);

    create table seed_runs (
      name text primary key,
      applied_at timestamptz not null default now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `drop table seed_runs, audit_log, outbox; drop function outbox_notify;`);
}
