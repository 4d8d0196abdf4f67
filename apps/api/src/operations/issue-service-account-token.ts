import { type Db, issueServiceAccountToken, writeAudit } from '@portal/db';
import type { DbDeps } from '../lib/service-deps.js';
import { requireServiceAccount } from './require-service-account.js';

type IssueToken = { actorUserId: string; userId: string; name: string; days: number };

/** Issues an API token (the secret is returned once, only its hash is kept), audited in the same transaction. */
export async function issueToken({ db }: DbDeps, input: IssueToken) {
  const account = await requireServiceAccount(db, input.userId, 'issue-token');
  return db
    .transaction()
    .execute((trx) => issueAuditedToken(trx, { ...input, userId: account.userId, name: input.name.trim() }));
}

/** The token and its audit entry, in the caller's transaction (the route and scripts/issue-token.ts). */
export async function issueAuditedToken(trx: Db, { actorUserId, userId, name, days }: IssueToken) {
  const token = await issueServiceAccountToken(trx, { userId, name, days });
  await writeAudit(trx, {
    actorUserId,
    action: 'service-account.token.issue',
    entityType: 'service-account',
    entityId: userId,
    before: null,
    after: { tokenId: token.tokenId, name: token.name, expiresAt: token.expiresAt.toISOString() },
  });
  return token;
}
