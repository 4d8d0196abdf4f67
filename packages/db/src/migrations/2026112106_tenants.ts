import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// The software-as-a-service side: tenants, roles, tenant members with their roles, invitations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table tenants (
      tenant_id text primary key check (tenant_id ~ '^[^-]+-.+$'),
      display_name text not null,
      logo_url text
    );

    create table roles (
      role_id text primary key,
      role_name text not null unique,
      role_description text not null default '',
      rank integer
    );

    create table tenant_members (
      tenant_id text not null references tenants (tenant_id) on delete cascade,
      user_id text not null,
      email_address text not null,
      first_name text not null default '',
      last_name text not null default '',
      created_at timestamptz not null default now(),
      primary key (tenant_id, user_id)
    );
    create unique index tenant_members_email_ci on tenant_members (tenant_id, lower(email_address));

    create table tenant_member_roles (
      tenant_id text not null,
      user_id text not null,
      role_id text not null references roles (role_id) on delete cascade,
      primary key (tenant_id, user_id, role_id),
      foreign key (tenant_id, user_id) references tenant_members (tenant_id, user_id) on delete cascade
    );

    create table invitations (
      invitation_id uuid primary key default gen_random_uuid(),
      tenant_id text not null references tenants (tenant_id) on delete cascade,
      email_address text not null,
      user_role_ids text[] not null,
      is_thoughtspot_user boolean not null default false,
      inviter_name text not null default '',
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      deleted_at timestamptz
    );
    create index invitations_tenant on invitations (tenant_id, created_at desc);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `drop table invitations, tenant_member_roles, tenant_members, roles, tenants;`);
}
