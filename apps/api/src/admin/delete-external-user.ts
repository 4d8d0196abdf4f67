import { deleteExternalUser as deleteExternalUserRow, findAdminUser, writeAudit } from '@portal/db';
import type { DbDeps } from '../lib/service-deps.js';
import { requireEditable, userAuditView } from './save-external-user.js';

/** Deletes an external user (internal users cannot be edited), audited in the same transaction. */
export async function deleteExternalUser(
  { db }: DbDeps,
  { actorUserId, userId }: { actorUserId: string; userId: string },
) {
  const user = requireEditable(await findAdminUser(db, userId));
  await db.transaction().execute(async (trx) => {
    await deleteExternalUserRow(trx, user.userId);
    await writeAudit(trx, {
      actorUserId,
      action: 'user.delete',
      entityType: 'user',
      entityId: user.userId,
      before: userAuditView(user),
      after: null,
    });
  });
  return user;
}
