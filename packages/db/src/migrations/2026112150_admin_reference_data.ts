import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Administration of reference data (SPEC.md §5): frequency type and report category names are
// unique case-insensitively, as their codes already are, so two admins saving the same name at
// once get one row and one 'This value is already in use.' The other indexes serve the admin
// lists (sorted by name, paged in the database) and the audit log's filters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create unique index frequency_types_name_ci on frequency_types (lower(name));
    create unique index report_categories_name_ci on report_categories (lower(name));
    create index partners_name_ci on partners (lower(name));
    create index users_last_name_ci on users (lower(last_name));
    create index audit_log_actor_at on audit_log (actor_user_id, at desc);
    create index audit_log_type_at on audit_log (entity_type, at desc);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop index audit_log_type_at, audit_log_actor_at, users_last_name_ci, partners_name_ci,
      report_categories_name_ci, frequency_types_name_ci;
  `,
  );
}
