import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Issue 11 (README, Notes on the spec): external users never hold MANAGE_PARTNERS,
// MANAGE_REPORT_CATEGORIES nor MANAGE_DASHBOARDS. Grants made before the rule are withdrawn here,
// each with its audit entry, so the rule holds for existing accounts too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    insert into audit_log (actor_user_id, action, entity_type, entity_id, before, after, detail)
    select null, 'user.feature.withdraw', 'user', f.user_id, jsonb_build_object('feature', f.feature), null,
           jsonb_build_object('reason', 'External users may not hold this feature.')
      from user_features f join users u on u.user_id = f.user_id
     where u.is_external_user and not u.is_service_account
       and f.feature in ('MANAGE_PARTNERS', 'MANAGE_REPORT_CATEGORIES', 'MANAGE_DASHBOARDS', 'INTERNAL_ADMIN');
    delete from user_features f using users u
     where u.user_id = f.user_id and u.is_external_user and not u.is_service_account
       and f.feature in ('MANAGE_PARTNERS', 'MANAGE_REPORT_CATEGORIES', 'MANAGE_DASHBOARDS', 'INTERNAL_ADMIN');
  `,
  );
}

// Withdrawn grants are not given back: the audit log says who held what.
export async function down(_db: Kysely<unknown>): Promise<void> {}
