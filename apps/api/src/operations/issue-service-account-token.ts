import { issueServiceAccountToken, writeAudit } from '@portal/db';
import type { DbDeps } from '../lib/service-deps.js';
import { requireServiceAccount } from './require-service-account.js';

/** Issues an API token (the secret is returned once, only its hash is kept), audited in the same transaction. */
export async function issueToken(
  { db }: DbDeps,
  input: { actorUserId: string; userId: string; name: string; days: number },
) {
  const account = await requireServiceAccount(db, input.userId, 'issue-token');
  return db.transaction().execute(async (trx) => {
    const token = await issueServiceAccountToken(trx, {
      userId: account.userId,
      name: input.name.trim(),
      days: input.days,
    });
    await writeAudit(trx, {
      actorUserId: input.actorUserId,
      action: 'service-account.token.issue',
      entityType: 'service-account',
      entityId: account.userId,
      before: null,
      after: { tokenId: token.tokenId, name: token.name, expiresAt: token.expiresAt.toISOString() },
    });
    return token;
  });
}
