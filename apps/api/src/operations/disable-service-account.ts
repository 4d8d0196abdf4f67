import { disableUser, findServiceAccount, type ServiceAccount, writeAudit } from '@portal/db';
import type { DbDeps } from '../lib/service-deps.js';
import { serviceAccountAuditView } from './audit-view.js';
import { requireServiceAccount } from './require-service-account.js';

/** Disables a service account (its tokens are refused from now on), audited in the same transaction. */
export async function disableServiceAccount(
  { db }: DbDeps,
  { actorUserId, userId }: { actorUserId: string; userId: string },
): Promise<ServiceAccount> {
  const before = await requireServiceAccount(db, userId);
  return db.transaction().execute(async (trx) => {
    await disableUser(trx, before.userId);
    const disabled = (await findServiceAccount(trx, before.userId))!;
    await writeAudit(trx, {
      actorUserId,
      action: 'service-account.disable',
      entityType: 'service-account',
      entityId: before.userId,
      before: serviceAccountAuditView(before),
      after: serviceAccountAuditView(disabled),
    });
    return disabled;
  });
}
