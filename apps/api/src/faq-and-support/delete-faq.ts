import { deleteFaq as deleteFaqRow, writeAudit } from '@portal/db';
import { notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import { FAQ_NOT_FOUND } from './faq-rules.js';

/** Deletes a FAQ, audited in the same transaction. */
export async function deleteFaq({ db }: DbDeps, { actorUserId, id }: { actorUserId: string; id: number }) {
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteFaqRow(trx, id);
    if (!deleted) throw notFound(FAQ_NOT_FOUND);
    await writeAudit(trx, {
      actorUserId,
      action: 'faq.delete',
      entityType: 'faq',
      entityId: String(deleted.id),
      before: deleted,
    });
    return deleted;
  });
}
