import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Issue 28: signed webhooks for partners' systems. An endpoint belongs to a service account and
// hears some event types of some partners (and categories; none listed is every category). Its
// secret is sealed under WEBHOOK_SECRET_KEY; after a rotation the previous one still signs until
// it expires. A delivery is one event to one endpoint: its id is the webhook-id of every attempt,
// and its body is fixed when it is made, so every retry and redelivery sends the same bytes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table webhook_endpoints (
      endpoint_id uuid primary key default gen_random_uuid(),
      service_account_id text not null references users (user_id) on update cascade on delete cascade,
      url text not null,
      description text not null default '',
      event_types text[] not null check (cardinality(event_types) > 0),
      -- Empty: every category of the endpoint's partners.
      category_codes text[] not null default '{}',
      secret_sealed text not null,
      previous_secret_sealed text,
      previous_secret_expires_at timestamptz,
      enabled boolean not null default true,
      disabled_reason text,
      consecutive_failures integer not null default 0,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index webhook_endpoints_service_account on webhook_endpoints (service_account_id);

    create table webhook_endpoint_partners (
      endpoint_id uuid not null references webhook_endpoints (endpoint_id) on delete cascade,
      partner_id integer not null references partners (partner_id) on delete cascade,
      primary key (endpoint_id, partner_id)
    );
    create index webhook_endpoint_partners_partner on webhook_endpoint_partners (partner_id);

    create table webhook_deliveries (
      delivery_id text primary key check (delivery_id ~ '^msg_[0-9a-f]{32}$'),
      endpoint_id uuid not null references webhook_endpoints (endpoint_id) on delete cascade,
      -- null for a test event, which announces nothing.
      event_id uuid references report_events (event_id) on delete cascade,
      event_type text not null,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      last_response_status integer,
      last_error text,
      created_at timestamptz not null default now(),
      succeeded_at timestamptz,
      unique (endpoint_id, event_id)
    );
    create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc);

    create table webhook_delivery_attempts (
      delivery_id text not null references webhook_deliveries (delivery_id) on delete cascade,
      attempt integer not null,
      started_at timestamptz not null,
      duration_ms integer not null,
      response_status integer,
      error text,
      primary key (delivery_id, attempt)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop table webhook_delivery_attempts;
    drop table webhook_deliveries;
    drop table webhook_endpoint_partners;
    drop table webhook_endpoints;
  `,
  );
}
