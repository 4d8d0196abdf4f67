import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Users (people and service accounts), their features and partner access, the identities
// that sign them in, API tokens, server-side sessions and pending OpenID logins.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table users (
      user_id text primary key check (user_id = btrim(user_id) and user_id <> ''),
      first_name text not null default '',
      last_name text not null default '',
      email text not null default '',
      phone text,
      common_id text,
      is_external_user boolean not null default true,
      is_internal_admin boolean not null default false,
      is_service_account boolean not null default false,
      disabled_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_user_id_ci on users (lower(user_id));
    create index users_email_ci on users (lower(email));

    create table user_features (
      user_id text not null references users (user_id) on update cascade on delete cascade,
      feature text not null check (feature ~ '^[A-Z_]+$'),
      primary key (user_id, feature)
    );

    -- partner_code 'ALL' grants every partner of the access type (SPEC.md §6).
    create table user_partner_access (
      user_id text not null references users (user_id) on update cascade on delete cascade,
      access_type_code text not null references access_types (code),
      partner_code text not null,
      primary key (user_id, access_type_code, partner_code)
    );

    create table user_identities (
      provider text not null,
      subject text not null,
      user_id text not null references users (user_id) on update cascade on delete cascade,
      created_at timestamptz not null default now(),
      primary key (provider, subject)
    );
    create index user_identities_user on user_identities (user_id);

    create table service_account_tokens (
      token_id uuid primary key default gen_random_uuid(),
      user_id text not null references users (user_id) on update cascade on delete cascade,
      name text not null default '',
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      last_used_at timestamptz
    );

    -- The cookie carries a random id; only its hash is stored.
    create table sessions (
      session_hash text primary key,
      user_id text not null references users (user_id) on update cascade on delete cascade,
      provider text,
      id_token text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      human_verified_at timestamptz
    );
    create index sessions_user on sessions (user_id);

    create table pending_logins (
      state text primary key,
      provider text not null,
      code_verifier text not null,
      nonce text not null,
      return_to text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop table pending_logins, sessions, service_account_tokens, user_identities,
      user_partner_access, user_features, users;
  `,
  );
}
