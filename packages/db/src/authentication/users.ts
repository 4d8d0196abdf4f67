import type { PartnerGrant } from '@portal/domain';
import { featureHolderOf, refusedFeatures } from '@portal/domain/access/feature-holders';
import { type Expression, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db.js';

/** A user with what the permission rules need: features and partner access. */
export type UserWithAccess = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  commonId: string | null;
  isExternalUser: boolean;
  isInternalAdmin: boolean;
  isServiceAccount: boolean;
  disabledAt: Date | null;
  createdAt: Date;
  features: string[];
  partnerGrants: PartnerGrant[];
};

export function featuresOf(db: Db, userId: Expression<string>) {
  return jsonArrayFrom(
    db
      .selectFrom('user_features')
      .select('feature')
      .where('user_features.user_id', '=', userId)
      .orderBy('feature'),
  );
}

export function grantsOf(db: Db, userId: Expression<string>) {
  return jsonArrayFrom(
    db
      .selectFrom('user_partner_access')
      .select(['access_type_code as accessTypeCode', 'partner_code as partnerCode'])
      .where('user_partner_access.user_id', '=', userId)
      .orderBy('access_type_code')
      .orderBy('partner_code'),
  );
}

/** The select that every read of a user with its access goes through. */
export function selectUsersWithAccess(db: Db) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'user_id as userId',
      'first_name as firstName',
      'last_name as lastName',
      'email',
      'phone',
      'common_id as commonId',
      'is_external_user as isExternalUser',
      'is_internal_admin as isInternalAdmin',
      'is_service_account as isServiceAccount',
      'disabled_at as disabledAt',
      'created_at as createdAt',
      featuresOf(db, eb.ref('users.user_id')).as('features'),
      grantsOf(db, eb.ref('users.user_id')).as('partnerGrants'),
    ]);
}

/** A row of selectUsersWithAccess (or a select with the same columns) as a UserWithAccess. */
export function shapeUserWithAccess(
  row: Omit<UserWithAccess, 'features'> & { features: { feature: string }[] },
): UserWithAccess {
  return { ...row, features: row.features.map((f) => f.feature) };
}

export async function findUserWithAccess(db: Db, userId: string): Promise<UserWithAccess | undefined> {
  const row = await selectUsersWithAccess(db).where('users.user_id', '=', userId).executeTakeFirst();
  return row && shapeUserWithAccess(row);
}

/** The enabled user behind a session or token, or nothing. */
export async function findActiveUser(db: Db, userId: string): Promise<UserWithAccess | undefined> {
  const user = await findUserWithAccess(db, userId);
  return user && user.disabledAt === null ? user : undefined;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql<string>`lower(user_id)`, '=', userId.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function findUserIdByIdentity(db: Db, provider: string, subject: string) {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * People (never service accounts) an identity provider's subject or email could be: the user
 * whose id equals the subject, else the users with that email. Both compare case-insensitively.
 */
export async function findUserIdsForSignIn(db: Db, subject: string, email: string | undefined) {
  const people = db.selectFrom('users').select('user_id').where('is_service_account', '=', false);
  const bySubject = await people.where(sql<string>`lower(user_id)`, '=', subject.toLowerCase()).execute();
  if (bySubject.length > 0 || !email) return bySubject.map((r) => r.user_id);
  const byEmail = await people.where(sql<string>`lower(email)`, '=', email.toLowerCase()).execute();
  return byEmail.map((r) => r.user_id);
}

export async function addUserIdentity(
  db: Db,
  identity: { provider: string; subject: string; userId: string },
) {
  await db
    .insertInto('user_identities')
    .values({ provider: identity.provider, subject: identity.subject, user_id: identity.userId })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
}

export async function updateUserNames(
  db: Db,
  userId: string,
  names: { firstName: string; lastName: string },
) {
  await db
    .updateTable('users')
    .set({ first_name: names.firstName, last_name: names.lastName, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .execute();
}

/** Disables a user: their sessions end now and their tokens are refused from now on. */
export async function disableUser(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('disabled_at', 'is', null)
    .execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** The grants that name an unknown access type or partner ('ALL' needs only the access type). */
export async function unknownPartnerGrants(db: Db, grants: readonly PartnerGrant[]): Promise<PartnerGrant[]> {
  const unknown: PartnerGrant[] = [];
  for (const grant of grants) {
    const found =
      grant.partnerCode.toUpperCase() === 'ALL'
        ? await db
            .selectFrom('access_types')
            .select('code')
            .where('code', '=', grant.accessTypeCode)
            .executeTakeFirst()
        : await db
            .selectFrom('partners')
            .select('partner_id')
            .where('access_type_code', '=', grant.accessTypeCode)
            .where(sql<string>`lower(code)`, '=', grant.partnerCode.toLowerCase())
            .executeTakeFirst();
    if (!found) unknown.push(grant);
  }
  return unknown;
}

/** A feature the kind of account may not hold (feature-holders.ts); callers check first and answer 400. */
export class FeatureNotHoldableError extends Error {}

/** Replaces a user's features and partner access; refuses features the account may not hold. */
export async function setUserAccess(
  db: Db,
  userId: string,
  access: { features: readonly string[]; partnerGrants: readonly PartnerGrant[] },
) {
  const kind = await db
    .selectFrom('users')
    .select(['is_external_user as isExternalUser', 'is_service_account as isServiceAccount'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const refused = kind ? refusedFeatures(featureHolderOf(kind), access.features) : [];
  if (refused.length > 0) {
    throw new FeatureNotHoldableError(
      `${userId} (${featureHolderOf(kind!)}) cannot hold ${refused.join(', ')}`,
    );
  }
  await db.deleteFrom('user_features').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_partner_access').where('user_id', '=', userId).execute();
  const features = [...new Set(access.features)];
  if (features.length > 0) {
    await db
      .insertInto('user_features')
      .values(features.map((feature) => ({ user_id: userId, feature })))
      .execute();
  }
  if (access.partnerGrants.length > 0) {
    await db
      .insertInto('user_partner_access')
      .values(
        access.partnerGrants.map((g) => ({
          user_id: userId,
          access_type_code: g.accessTypeCode,
          partner_code: g.partnerCode,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
