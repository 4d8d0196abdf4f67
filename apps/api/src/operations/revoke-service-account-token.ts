import { revokeServiceAccountToken, type ServiceAccountToken, writeAudit } from '@portal/db';
import { notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import { iso } from './audit-view.js';
import { requireServiceAccount } from './require-service-account.js';

/** Revokes one API token of a service account, audited in the same transaction. */
export async function revokeToken(
  { db }: DbDeps,
  { actorUserId, userId, tokenId }: { actorUserId: string; userId: string; tokenId: string },
): Promise<ServiceAccountToken> {
  const before = (await requireServiceAccount(db, userId)).tokens.find((t) => t.tokenId === tokenId);
  if (!before) throw notFound('Token was not found.');
  return db.transaction().execute(async (trx) => {
    const revoked = (await revokeServiceAccountToken(trx, userId, tokenId))!;
    await writeAudit(trx, {
      actorUserId,
      action: 'service-account.token.revoke',
      entityType: 'service-account',
      entityId: userId,
      before: { tokenId, revokedAt: iso(before.revokedAt) },
      after: { tokenId, revokedAt: iso(revoked.revokedAt) },
    });
    return revoked;
  });
}
