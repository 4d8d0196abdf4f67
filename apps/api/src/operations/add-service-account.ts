import {
  createServiceAccount,
  type Db,
  type ServiceAccount,
  unknownPartnerGrants,
  userExists,
  writeAudit,
} from '@portal/db';
import { MESSAGES, type PartnerGrant } from '@portal/domain';
import { badRequest, conflict } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import { serviceAccountAuditView } from './audit-view.js';

export type AddServiceAccount = {
  actorUserId: string;
  userId: string;
  name: string;
  features: readonly string[];
  partnerAccess: readonly PartnerGrant[];
};

/** Creates a service account with its features and partner access, audited in the same transaction. */
export async function addServiceAccount({ db }: DbDeps, input: AddServiceAccount): Promise<ServiceAccount> {
  const name = input.name.trim();
  if (!name) throw badRequest(MESSAGES.required, { field: 'name' });
  return db.transaction().execute((trx) => createAuditedServiceAccount(trx, { ...input, name }));
}

/**
 * The creation itself, in the caller's transaction: the id must be free and every partner known;
 * the account and its audit entry are written together. The route and scripts/issue-token.ts
 * (the first token, before any admin has signed in) both create accounts through it.
 */
export async function createAuditedServiceAccount(
  trx: Db,
  { actorUserId, userId, name, features, partnerAccess }: AddServiceAccount,
): Promise<ServiceAccount> {
  if (await userExists(trx, userId)) throw conflict(MESSAGES.duplicate, { field: 'userId' });
  const unknown = await unknownPartnerGrants(trx, partnerAccess);
  if (unknown.length > 0) {
    const names = unknown.map((g) => `${g.accessTypeCode}/${g.partnerCode}`).join(', ');
    throw badRequest(`Unknown partner: ${names}`, { field: 'partnerAccess' });
  }
  const created = await createServiceAccount(trx, { userId, name, features, partnerGrants: partnerAccess });
  await writeAudit(trx, {
    actorUserId,
    action: 'service-account.create',
    entityType: 'service-account',
    entityId: userId,
    before: null,
    after: serviceAccountAuditView(created),
  });
  return created;
}
