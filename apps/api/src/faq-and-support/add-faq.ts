import { createFaq, writeAudit } from '@portal/db';
import type { FaqInput } from '@portal/domain';
import type { DbDeps } from '../lib/service-deps.js';
import { saved, validated } from './faq-rules.js';

/** Adds a FAQ (the question is unique), audited in the same transaction. */
export async function addFaq({ db }: DbDeps, { actorUserId, faq }: { actorUserId: string; faq: FaqInput }) {
  const input = validated(faq);
  return db.transaction().execute(async (trx) => {
    const created = saved(await createFaq(trx, input));
    await writeAudit(trx, {
      actorUserId,
      action: 'faq.create',
      entityType: 'faq',
      entityId: String(created.id),
      after: created,
    });
    return created;
  });
}
