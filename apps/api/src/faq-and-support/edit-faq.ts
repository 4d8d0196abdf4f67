import { findFaq, updateFaq, writeAudit } from '@portal/db';
import type { FaqInput } from '@portal/domain';
import type { DbDeps } from '../lib/service-deps.js';
import { saved, validated } from './faq-rules.js';

/** Edits the FAQ named by id, audited in the same transaction. */
export async function editFaq(
  { db }: DbDeps,
  { actorUserId, id, faq }: { actorUserId: string; id: number; faq: FaqInput },
) {
  const input = validated(faq);
  return db.transaction().execute(async (trx) => {
    const before = await findFaq(trx, id);
    const updated = saved(await updateFaq(trx, id, input));
    await writeAudit(trx, {
      actorUserId,
      action: 'faq.update',
      entityType: 'faq',
      entityId: String(updated.id),
      before,
      after: updated,
    });
    return updated;
  });
}
