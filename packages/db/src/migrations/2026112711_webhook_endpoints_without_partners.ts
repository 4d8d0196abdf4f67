import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// An endpoint whose partners were all deleted kept running, and belonged to every manager. From now
// on the partner's deletion disables it with its reason, and it is internal administrators' alone;
// those left without a partner before are disabled here, with the same reading.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    update webhook_endpoints w
       set enabled = false,
           disabled_reason = 'Its partners were deleted: only an internal administrator manages it now. Give it a partner before enabling it.',
           updated_at = now()
     where not exists (select 1 from webhook_endpoint_partners p where p.endpoint_id = w.endpoint_id);
  `,
  );
}

// Which endpoints were enabled before is not kept: they stay disabled.
export async function down(): Promise<void> {}
