import {
  findAdminUser,
  insertExternalUser,
  type UserWithAccess,
  unknownPartnerGrants,
  updateExternalUser,
  writeAudit,
} from '@portal/db';
import { MESSAGES } from '@portal/domain';
import {
  type ExternalUserInput,
  externalUserEditProblem,
  externalUserProblems,
  normalizeExternalUser,
} from '@portal/domain/admin/admin-external-user';
import { badRequest, conflict, HttpError } from '../lib/http/errors.js';
import { guardUnique, throwProblems } from '../lib/http/problems.js';
import type { DbDeps } from '../lib/service-deps.js';

// POST and PUT /api/users (SPEC.md §5 External user): the user with the features and partner
// access assigned on the same form, in one transaction with the audit entry. Only external
// users are created or edited here.

export type ExternalUserSave = ExternalUserInput & {
  features: string[];
  partners: { partnerAccess: { accessTypeCode: string; partnerCode: string }[] };
};

export const userAuditView = (u: UserWithAccess) => ({
  userId: u.userId,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  isExternalUser: u.isExternalUser,
  features: u.features,
  partnerAccess: u.partnerGrants,
});

/** 404 'User ID was not found.' or 400 'Internal Users cannot be edited.' unless editable. */
export function requireEditable(user: UserWithAccess | undefined): UserWithAccess {
  const problem = externalUserEditProblem(user);
  if (problem === MESSAGES.userIdNotFound) throw new HttpError(404, problem, { field: 'userId' });
  if (problem) throw badRequest(problem, { field: 'userId' });
  return user!;
}

export async function saveExternalUser(
  { db }: DbDeps,
  save: { mode: 'create' | 'update'; body: ExternalUserSave; actorUserId: string },
) {
  const partnerAccess = save.body.partners.partnerAccess.map((g) => ({
    accessTypeCode: g.accessTypeCode.trim().toUpperCase(),
    partnerCode: g.partnerCode.trim(),
  }));
  const features = [...new Set(save.body.features)];
  throwProblems(externalUserProblems(save.body, { features, partnerAccess }));
  const values = normalizeExternalUser(save.body);
  const unknown = await unknownPartnerGrants(db, partnerAccess);
  if (unknown.length > 0) {
    const names = unknown.map((g) => `${g.accessTypeCode}/${g.partnerCode}`).join(', ');
    throw badRequest(`Unknown partner: ${names}`, { field: 'partnerAccess' });
  }
  const access = { features, partnerGrants: partnerAccess };
  const duplicate = () => conflict(MESSAGES.duplicate, { field: 'userId' });

  return db.transaction().execute(async (trx) => {
    const existing = await findAdminUser(trx, values.userId);
    let before: UserWithAccess | null = null;
    if (save.mode === 'create') {
      if (existing) throw duplicate();
      await guardUnique(() => insertExternalUser(trx, values, access), duplicate);
    } else {
      before = requireEditable(existing);
      await updateExternalUser(trx, { ...values, userId: before.userId }, access);
    }
    const saved = (await findAdminUser(trx, before?.userId ?? values.userId))!;
    await writeAudit(trx, {
      actorUserId: save.actorUserId,
      action: `user.${save.mode}`,
      entityType: 'user',
      entityId: saved.userId,
      before: before && userAuditView(before),
      after: userAuditView(saved),
    });
    return saved;
  });
}
