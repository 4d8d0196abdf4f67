import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { deleteInBatches } from '../batched-delete.js';
import { compiledOnce } from '../compiled-once.js';
import type { Db } from '../db.js';
import { featuresOf, grantsOf, shapeUserWithAccess, type UserWithAccess } from './users.js';

/** Secrets (session ids, API tokens) are stored only as their SHA-256. */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export type ActiveSession = {
  sessionHash: string;
  userId: string;
  provider: string | null;
  humanVerifiedAt: Date | null;
  /** True when last_seen_at is more than a minute old and should be moved forward. */
  stale: boolean;
};

/** Starts a session: returns the id for the cookie; only its hash is kept. */
export async function createSession(
  db: Db,
  session: { userId: string; provider: string | null; idToken: string | null; absoluteHours: number },
) {
  const sessionId = randomSecret();
  const sessionHash = sha256Hex(sessionId);
  await db
    .insertInto('sessions')
    .values({
      session_hash: sessionHash,
      user_id: session.userId,
      provider: session.provider,
      id_token: session.idToken,
      expires_at: sql<Date>`now() + make_interval(hours => ${session.absoluteHours})`,
    })
    .execute();
  return { sessionId, sessionHash };
}

/**
 * The session behind a cookie value, if it has passed neither its absolute end (expires_at)
 * nor the idle timeout, and its user exists and is enabled.
 */
export async function findActiveSession(
  db: Db,
  sessionId: string,
  idleMinutes: number,
): Promise<ActiveSession | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .select([
      'sessions.session_hash as sessionHash',
      'sessions.user_id as userId',
      'sessions.provider',
      'sessions.human_verified_at as humanVerifiedAt',
      sql<boolean>`sessions.last_seen_at < now() - interval '1 minute'`.as('stale'),
    ])
    .where('sessions.session_hash', '=', sha256Hex(sessionId))
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
}

// Built once (compiledOnce): it runs on every signed-in request.
const sessionUserStatement = compiledOnce(
  (db, { sessionHash, idleMinutes }: { sessionHash: string; idleMinutes: number }) =>
    db
      .with('touched', (qb) =>
        qb
          .updateTable('sessions')
          .set({ last_seen_at: sql<Date>`now()` })
          .where('session_hash', '=', sessionHash)
          .where('last_seen_at', '<', sql<Date>`now() - interval '1 minute'`)
          .where('last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
          .where('expires_at', '>', sql<Date>`now()`)
          .returning('session_hash'),
      )
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .select((eb) => [
        'sessions.session_hash as sessionHash',
        'sessions.provider',
        'sessions.human_verified_at as humanVerifiedAt',
        sql<boolean>`sessions.last_seen_at < now() - interval '1 minute'`.as('stale'),
        'users.user_id as userId',
        'users.first_name as firstName',
        'users.last_name as lastName',
        'users.email',
        'users.phone',
        'users.common_id as commonId',
        'users.is_external_user as isExternalUser',
        'users.is_internal_admin as isInternalAdmin',
        'users.is_service_account as isServiceAccount',
        'users.disabled_at as disabledAt',
        'users.created_at as createdAt',
        featuresOf(db, eb.ref('users.user_id')).as('features'),
        grantsOf(db, eb.ref('users.user_id')).as('partnerGrants'),
      ])
      .where('sessions.session_hash', '=', sessionHash)
      .where('sessions.expires_at', '>', sql<Date>`now()`)
      .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
      .where('users.disabled_at', 'is', null),
);

/**
 * The session behind a cookie value and its user with features and partner access, in ONE
 * statement, as every signed-in request needs: the same rules as findActiveSession (absolute
 * end, idle timeout, enabled user), read fresh each time so a sign-out or a disabled user is
 * refused at once. The statement also moves last_seen_at forward when it is more than a minute
 * old (the CTE runs whether or not the select reads it), which saves touchSession's round trip.
 */
export async function findSessionUser(
  db: Db,
  sessionId: string,
  idleMinutes: number,
): Promise<{ session: ActiveSession; user: UserWithAccess } | undefined> {
  const [row] = await sessionUserStatement(db, { sessionHash: sha256Hex(sessionId), idleMinutes });
  if (!row) return undefined;
  const { sessionHash: hash, provider, humanVerifiedAt, stale, ...user } = row;
  return {
    session: { sessionHash: hash, userId: user.userId, provider, humanVerifiedAt, stale },
    user: shapeUserWithAccess(user),
  };
}

/** Moves last_seen_at forward, at most once a minute per session. */
export async function touchSession(db: Db, sessionHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('session_hash', '=', sessionHash)
    .where('last_seen_at', '<', sql<Date>`now() - interval '1 minute'`)
    .execute();
}

/** Ends a session; returns what sign-out at the provider needs. */
export async function deleteSession(db: Db, sessionHash: string) {
  return db
    .deleteFrom('sessions')
    .where('session_hash', '=', sessionHash)
    .returning(['provider', 'id_token as idToken'])
    .executeTakeFirst();
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Rows one housekeeping statement deletes at most, so no statement holds locks for long. */
export const PURGE_BATCH_SIZE = 10_000;

/**
 * Housekeeping: removes sessions past either timeout (the ones findActiveSession refuses), in
 * statements of at most `batchSize` rows until one deletes fewer. Returns how many it removed.
 * Rows another purge is deleting at the same time are skipped, so running it twice is harmless.
 */
export async function deleteExpiredSessions(
  db: Db,
  idleMinutes: number,
  batchSize = PURGE_BATCH_SIZE,
): Promise<number> {
  const expired = sql<boolean>`expires_at <= now() or last_seen_at <= now() - make_interval(mins => ${idleMinutes})`;
  return deleteInBatches(db, 'sessions', expired, batchSize);
}

/** Housekeeping: removes pending logins past expires_at (abandoned sign-ins), in batches. */
export async function deleteExpiredPendingLogins(db: Db, batchSize = PURGE_BATCH_SIZE): Promise<number> {
  return deleteInBatches(db, 'pending_logins', sql<boolean>`expires_at <= now()`, batchSize);
}

export async function markSessionHumanVerified(db: Db, sessionHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ human_verified_at: sql<Date>`now()` })
    .where('session_hash', '=', sessionHash)
    .execute();
}

export type PendingLogin = {
  state: string;
  provider: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
  /** Set when the sign-in was started from an invitation link: accept it on the way back. */
  invitationId?: string | null;
};

/** Remembers an OpenID authorization request until its callback (or `ttlSeconds`). */
export async function createPendingLogin(db: Db, login: PendingLogin & { ttlSeconds: number }) {
  await db
    .insertInto('pending_logins')
    .values({
      state: login.state,
      provider: login.provider,
      code_verifier: login.codeVerifier,
      nonce: login.nonce,
      return_to: login.returnTo,
      invitation_id: login.invitationId ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${login.ttlSeconds})`,
    })
    .execute();
  // Abandoned sign-ins leave rows behind; each new one sweeps the expired ones.
  await db.deleteFrom('pending_logins').where('expires_at', '<', sql<Date>`now()`).execute();
}

/** Takes (and removes) the pending login of this state and provider, if it has not expired. */
export async function takePendingLogin(
  db: Db,
  state: string,
  provider: string,
): Promise<PendingLogin | undefined> {
  const row = await db
    .deleteFrom('pending_logins')
    .where('state', '=', state)
    .returning(['state', 'provider', 'code_verifier', 'nonce', 'return_to', 'expires_at', 'invitation_id'])
    .executeTakeFirst();
  if (!row || row.provider !== provider || row.expires_at.getTime() <= Date.now()) return undefined;
  return {
    state: row.state,
    provider: row.provider,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    returnTo: row.return_to,
    invitationId: row.invitation_id,
  };
}
