import { updateUserNames, writeAudit } from '@portal/db';
import { MESSAGES } from '@portal/domain';
import { badRequest, forbidden } from '../lib/http/errors.js';
import type { AuthenticatedUser } from '../lib/http/principal.js';
import type { DbDeps } from '../lib/service-deps.js';

const required = (value: string, field: string) => {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(MESSAGES.required, { field });
  return trimmed;
};

/**
 * My account's name edit: only a user whose user id is their email address (not one known to the
 * identity provider by another id, nor a service account). Audited in the same transaction.
 */
export async function editOwnName(
  { db }: DbDeps,
  { user, firstName, lastName }: { user: AuthenticatedUser; firstName: string; lastName: string },
) {
  if (user.isServiceAccount || user.userId.toLowerCase() !== user.email.trim().toLowerCase()) {
    throw forbidden('Only a user whose user id is their email address can edit their name.');
  }
  const names = { firstName: required(firstName, 'firstName'), lastName: required(lastName, 'lastName') };
  await db.transaction().execute(async (trx) => {
    await updateUserNames(trx, user.userId, names);
    await writeAudit(trx, {
      actorUserId: user.userId,
      action: 'user.update-self',
      entityType: 'user',
      entityId: user.userId,
      before: { firstName: user.firstName, lastName: user.lastName },
      after: names,
    });
  });
  return names;
}
