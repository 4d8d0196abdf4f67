import type { Feature, PartnerGrant } from '@portal/domain';
import { holdableFeatures } from '@portal/domain/access/feature-holders';
import { sql } from 'kysely';
import { randomSecret, sha256Hex } from '../authentication/sessions.js';
import {
  findUserWithAccess,
  selectUsersWithAccess,
  setUserAccess,
  type UserWithAccess,
} from '../authentication/users.js';
import type { Db } from '../db.js';

export type ServiceAccountToken = {
  tokenId: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

export type ServiceAccount = {
  userId: string;
  name: string;
  features: string[];
  partnerGrants: PartnerGrant[];
  disabledAt: Date | null;
  createdAt: Date;
  tokens: ServiceAccountToken[];
};

/** A leaked token must not open the admin pages, so service accounts never hold INTERNAL_ADMIN (feature-holders.ts). */
export const SERVICE_ACCOUNT_FEATURES: readonly Feature[] = holdableFeatures('service-account');

/** Tokens start with this prefix so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'psa_';

function tokensOf(db: Db, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('service_account_tokens')
    .select([
      'user_id as userId',
      'token_id as tokenId',
      'name',
      'created_at as createdAt',
      'expires_at as expiresAt',
      'revoked_at as revokedAt',
      'last_used_at as lastUsedAt',
    ])
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .execute();
}

async function withTokens(db: Db, users: UserWithAccess[]): Promise<ServiceAccount[]> {
  const tokens = await tokensOf(
    db,
    users.map((u) => u.userId),
  );
  return users.map((u) => ({
    userId: u.userId,
    name: u.firstName,
    features: u.features,
    partnerGrants: u.partnerGrants,
    disabledAt: u.disabledAt,
    createdAt: u.createdAt,
    tokens: tokens.filter((t) => t.userId === u.userId).map(({ userId: _, ...token }) => token),
  }));
}

export async function listServiceAccounts(db: Db): Promise<ServiceAccount[]> {
  const rows = await selectUsersWithAccess(db)
    .where('is_service_account', '=', true)
    .orderBy('users.user_id')
    .execute();
  return withTokens(
    db,
    rows.map((r) => ({ ...r, features: r.features.map((f) => f.feature) })),
  );
}

export async function findServiceAccount(db: Db, userId: string): Promise<ServiceAccount | undefined> {
  const user = await findUserWithAccess(db, userId);
  if (!user?.isServiceAccount) return undefined;
  const [account] = await withTokens(db, [user]);
  return account;
}

/** A service account is a user that signs in only with tokens. It is internal: no human verification. */
export async function createServiceAccount(
  db: Db,
  account: {
    userId: string;
    name: string;
    features: readonly string[];
    partnerGrants: readonly PartnerGrant[];
  },
): Promise<ServiceAccount> {
  const refused = account.features.filter(
    (f) => !(SERVICE_ACCOUNT_FEATURES as readonly string[]).includes(f),
  );
  if (refused.length > 0) throw new Error(`A service account cannot hold ${refused.join(', ')}`);
  await db
    .insertInto('users')
    .values({
      user_id: account.userId,
      first_name: account.name,
      is_service_account: true,
      is_external_user: false,
      phone: null,
      common_id: null,
    })
    .execute();
  await setUserAccess(db, account.userId, account);
  return (await findServiceAccount(db, account.userId))!;
}

/** Issues an API token; the token itself is returned once and only its hash is stored. */
export async function issueServiceAccountToken(
  db: Db,
  request: { userId: string; name: string; days: number },
) {
  const token = `${TOKEN_PREFIX}${randomSecret()}`;
  const row = await db
    .insertInto('service_account_tokens')
    .values({
      user_id: request.userId,
      name: request.name,
      token_hash: sha256Hex(token),
      expires_at: sql<Date>`now() + make_interval(days => ${request.days})`,
    })
    .returning(['token_id as tokenId', 'name', 'created_at as createdAt', 'expires_at as expiresAt'])
    .executeTakeFirstOrThrow();
  return { ...row, token };
}

/** Revokes a token of this account; revoking twice keeps the first revocation time. */
export async function revokeServiceAccountToken(db: Db, userId: string, tokenId: string) {
  await db
    .updateTable('service_account_tokens')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .execute();
  const account = await findServiceAccount(db, userId);
  return account?.tokens.find((t) => t.tokenId === tokenId);
}

/**
 * The service account a bearer token opens: the token must be unrevoked and unexpired and its
 * account an enabled service account. Records its use at most once a minute.
 */
export async function findTokenOwner(db: Db, token: string): Promise<string | undefined> {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  const row = await db
    .selectFrom('service_account_tokens as t')
    .innerJoin('users as u', 'u.user_id', 't.user_id')
    .select([
      't.token_id as tokenId',
      't.user_id as userId',
      sql<boolean>`t.last_used_at is null or t.last_used_at < now() - interval '1 minute'`.as('stale'),
    ])
    .where('t.token_hash', '=', sha256Hex(token))
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('u.disabled_at', 'is', null)
    .where('u.is_service_account', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.stale) {
    await db
      .updateTable('service_account_tokens')
      .set({ last_used_at: sql<Date>`now()` })
      .where('token_id', '=', row.tokenId)
      .execute();
  }
  return row.userId;
}
