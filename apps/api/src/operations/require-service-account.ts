import { type Db, findServiceAccount, type ServiceAccount } from '@portal/db';
import { notFound } from '../lib/http/errors.js';

export async function requireServiceAccount(db: Db, userId: string): Promise<ServiceAccount> {
  const account = await findServiceAccount(db, userId);
  if (!account) throw notFound('Service account was not found.');
  return account;
}
