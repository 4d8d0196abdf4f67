import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Access types, partners, report categories, frequency types and which categories and
// frequency types each partner has (SPEC.md §3). Codes are stored trimmed; uniqueness is
// case-insensitive, as §5 requires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table access_types (
      code text primary key check (code = upper(btrim(code)) and code <> ''),
      name text not null
    );

    create table frequency_types (
      code text primary key check (code = btrim(code) and code <> ''),
      name text not null check (btrim(name) <> '')
    );
    create unique index frequency_types_code_ci on frequency_types (lower(code));

    create table partners (
      partner_id integer generated always as identity primary key,
      access_type_code text not null references access_types (code),
      code text not null check (code = btrim(code) and code <> ''),
      name text not null check (btrim(name) <> ''),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index partners_type_code_ci on partners (access_type_code, lower(code));
    create index partners_code_ci on partners (lower(code));

    create table report_categories (
      code text primary key check (code = btrim(code) and code <> ''),
      name text not null check (btrim(name) <> ''),
      external_link text,
      owner_emails text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index report_categories_code_ci on report_categories (lower(code));

    create table report_category_frequency_types (
      category_code text not null references report_categories (code) on update cascade on delete cascade,
      frequency_type_code text not null references frequency_types (code) on update cascade on delete cascade,
      primary key (category_code, frequency_type_code)
    );

    create table partner_categories (
      partner_id integer not null references partners (partner_id) on delete cascade,
      category_code text not null references report_categories (code) on update cascade on delete cascade,
      primary key (partner_id, category_code)
    );
    create index partner_categories_category on partner_categories (category_code);

    create table partner_category_frequency_types (
      partner_id integer not null,
      category_code text not null,
      frequency_type_code text not null references frequency_types (code) on update cascade on delete cascade,
      primary key (partner_id, category_code, frequency_type_code),
      foreign key (partner_id, category_code) references partner_categories (partner_id, category_code)
        on update cascade on delete cascade
    );

    -- Datasets catalogue: catalogId to objectKey (SPEC.md §3 "Dataset validation result").
    create table datasets (
      catalog_id text primary key check (btrim(catalog_id) <> ''),
      object_key text not null,
      created_at timestamptz not null default now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop table datasets, partner_category_frequency_types, partner_categories,
      report_category_frequency_types, report_categories, partners, frequency_types, access_types;
  `,
  );
}
