import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// 2026112103 wrote the file-name check as '[/\]' once the TypeScript escape was read: an
// unbalanced bracket expression, so Postgres refused every report insert. The check is
// replaced by the one meant (no slash, no backslash); dropping "if exists" keeps this
// harmless next to any other fix of the same constraint.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table reports drop constraint if exists reports_file_name_check;
    alter table reports add constraint reports_file_name_check
      check (btrim(file_name) <> '' and strpos(file_name, '/') = 0 and strpos(file_name, chr(92)) = 0);
  `,
  );
}

export async function down(): Promise<void> {
  // The earlier check refused every row; there is nothing sound to go back to.
}
