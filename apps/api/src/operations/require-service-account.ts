import { type Db, findServiceAccount, type ServiceAccount } from '@portal/db';
import {
  SERVICE_ACCOUNT_DISABLED,
  SERVICE_ACCOUNT_NOT_FOUND,
  serviceAccountDecision,
} from '@portal/domain/operations/service-account-scope';
import { conflict, notFound } from '../lib/http/errors.js';

/** The service account named by `userId`; for issuing a token, an enabled one (service-account-scope.ts). */
export async function requireServiceAccount(
  db: Db,
  userId: string,
  action: 'read' | 'issue-token' = 'read',
): Promise<ServiceAccount> {
  const account = await findServiceAccount(db, userId);
  const decision = serviceAccountDecision(account, action);
  if (decision === 'not-found') throw notFound(SERVICE_ACCOUNT_NOT_FOUND);
  if (decision === 'disabled') throw conflict(SERVICE_ACCOUNT_DISABLED);
  return account!;
}
