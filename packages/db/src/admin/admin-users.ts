import type { PartnerGrant } from '@portal/domain';
import type { SortOrder } from '@portal/domain/admin/admin-paging';
import { sql } from 'kysely';
import { selectUsersWithAccess, setUserAccess, type UserWithAccess } from '../authentication/users.js';
import type { Db } from '../db.js';
import { boundedCount, containsPattern, offsetOf, type Page, type PageRequest } from './admin-lists.js';

// People as the user administration sees them (SPEC.md §3 User): the paged list with column
// filters, the CSV of the same filter, and the creation, change and removal of external users.
// Service accounts are not people: they have their own administration.

export type UserListQuery = PageRequest & {
  filters: { userId?: string; firstName?: string; lastName?: string; email?: string; externalOnly?: boolean };
  sort: 'userId' | 'firstName' | 'lastName' | 'email';
  order: SortOrder;
};

export type ExternalUserValues = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
};

const SORT_COLUMNS = {
  userId: sql`lower(users.user_id)`,
  firstName: sql`lower(users.first_name)`,
  lastName: sql`lower(users.last_name)`,
  email: sql`lower(users.email)`,
} as const;

function filteredPeople(db: Db, filters: UserListQuery['filters']) {
  let q = selectUsersWithAccess(db).where('users.is_service_account', '=', false);
  if (filters.externalOnly) q = q.where('users.is_external_user', '=', true);
  const text = [
    ['userId', sql<string>`lower(users.user_id)`],
    ['firstName', sql<string>`lower(users.first_name)`],
    ['lastName', sql<string>`lower(users.last_name)`],
    ['email', sql<string>`lower(users.email)`],
  ] as const;
  for (const [field, column] of text) {
    const value = filters[field];
    if (value?.trim()) q = q.where(column, 'like', containsPattern(value));
  }
  return q;
}

const shape = (
  row: Omit<UserWithAccess, 'features'> & { features: { feature: string }[] },
): UserWithAccess => ({
  ...row,
  features: row.features.map((f) => f.feature),
});

export async function listAdminUsers(db: Db, query: UserListQuery): Promise<Page<UserWithAccess>> {
  const q = filteredPeople(db, query.filters);
  const rows = await q
    .orderBy(SORT_COLUMNS[query.sort], query.order)
    .orderBy('users.user_id', query.order)
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  const count = filteredPeople(db, query.filters).clearSelect().select('users.user_id');
  return { rows: rows.map(shape), total: await boundedCount(db, count) };
}

/** Every person the filter matches, for the CSV download (at most `limit`, sorted by user id). */
export async function listAdminUsersForCsv(db: Db, filters: UserListQuery['filters'], limit: number) {
  let q = db
    .selectFrom('users')
    .select([
      'user_id as userId',
      'first_name as firstName',
      'last_name as lastName',
      'is_external_user as isExternalUser',
      'email',
      'phone',
    ])
    .where('is_service_account', '=', false);
  if (filters.externalOnly) q = q.where('is_external_user', '=', true);
  if (filters.userId?.trim())
    q = q.where(sql<string>`lower(user_id)`, 'like', containsPattern(filters.userId));
  if (filters.firstName?.trim())
    q = q.where(sql<string>`lower(first_name)`, 'like', containsPattern(filters.firstName));
  if (filters.lastName?.trim())
    q = q.where(sql<string>`lower(last_name)`, 'like', containsPattern(filters.lastName));
  if (filters.email?.trim()) q = q.where(sql<string>`lower(email)`, 'like', containsPattern(filters.email));
  return q.orderBy(sql`lower(user_id)`).limit(limit).execute();
}

export async function findAdminUser(db: Db, userId: string): Promise<UserWithAccess | undefined> {
  const row = await selectUsersWithAccess(db)
    .where(sql<string>`lower(users.user_id)`, '=', userId.trim().toLowerCase())
    .executeTakeFirst();
  return row && shape(row);
}

export async function insertExternalUser(
  db: Db,
  user: ExternalUserValues,
  access: { features: readonly string[]; partnerGrants: readonly PartnerGrant[] },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      user_id: user.userId,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      is_external_user: true,
      is_internal_admin: false,
    })
    .execute();
  await setUserAccess(db, user.userId, access);
}

/** Changes an external user; the user id is locked. */
export async function updateExternalUser(
  db: Db,
  user: ExternalUserValues,
  access: { features: readonly string[]; partnerGrants: readonly PartnerGrant[] },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      updated_at: sql<Date>`now()`,
    })
    .where('user_id', '=', user.userId)
    .where('is_external_user', '=', true)
    .execute();
  await setUserAccess(db, user.userId, access);
}

/** Deletes an external user with their access, identities and sessions (foreign keys cascade). */
export async function deleteExternalUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('users').where('user_id', '=', userId).where('is_external_user', '=', true).execute();
}
