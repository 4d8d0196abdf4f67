import { sql, type Transaction } from 'kysely';
import type { Db } from '../db.js';
import type { Database } from '../schema.js';

// Invitations of tenant users. The link's token is stored only as its hash; a pending invitation
// is neither accepted nor deleted nor expired.

export type Invitation = {
  invitationId: string;
  tenantId: string;
  emailAddress: string;
  userRoleIds: string[];
  isThoughtSpotUser: boolean;
  inviterName: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  deletedAt: Date | null;
  mailedAt: Date | null;
  acceptedByUserId: string | null;
};

const columns = [
  'invitation_id',
  'tenant_id',
  'email_address',
  'user_role_ids',
  'is_thoughtspot_user',
  'inviter_name',
  'created_at',
  'expires_at',
  'accepted_at',
  'deleted_at',
  'mailed_at',
  'accepted_by_user_id',
] as const;

type Row = {
  invitation_id: string;
  tenant_id: string;
  email_address: string;
  user_role_ids: string[];
  is_thoughtspot_user: boolean;
  inviter_name: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  deleted_at: Date | null;
  mailed_at: Date | null;
  accepted_by_user_id: string | null;
};

const toInvitation = (r: Row): Invitation => ({
  invitationId: r.invitation_id,
  tenantId: r.tenant_id,
  emailAddress: r.email_address,
  userRoleIds: r.user_role_ids,
  isThoughtSpotUser: r.is_thoughtspot_user,
  inviterName: r.inviter_name,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  acceptedAt: r.accepted_at,
  deletedAt: r.deleted_at,
  mailedAt: r.mailed_at,
  acceptedByUserId: r.accepted_by_user_id,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of a tenant's pending invitations, newest first. Expired ones drop out here (a filter,
 * not a purge: the row stays so its link can still say it has expired). One row more than the
 * page is read to tell whether a next page exists.
 */
export async function listPendingInvitations(
  db: Db,
  tenantId: string,
  paging: { limit: number; offset: number; now: Date },
): Promise<{ invitations: Invitation[]; hasNext: boolean }> {
  const rows = await db
    .selectFrom('invitations')
    .select(columns)
    .where('tenant_id', '=', tenantId)
    .where('accepted_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where('expires_at', '>', paging.now)
    .orderBy('created_at', 'desc')
    .orderBy('invitation_id')
    .limit(paging.limit + 1)
    .offset(paging.offset)
    .execute();
  return { invitations: rows.slice(0, paging.limit).map(toInvitation), hasNext: rows.length > paging.limit };
}

export async function findInvitation(db: Db, invitationId: string): Promise<Invitation | undefined> {
  if (!UUID.test(invitationId)) return undefined;
  const row = await db
    .selectFrom('invitations')
    .select(columns)
    .where('invitation_id', '=', invitationId)
    .executeTakeFirst();
  return row && toInvitation(row);
}

/** Locks the invitation for the rest of the transaction (acceptance, the mail job). */
export async function lockInvitation(
  trx: Transaction<Database>,
  invitationId: string,
): Promise<Invitation | undefined> {
  if (!UUID.test(invitationId)) return undefined;
  const row = await trx
    .selectFrom('invitations')
    .select(columns)
    .where('invitation_id', '=', invitationId)
    .forUpdate()
    .executeTakeFirst();
  return row && toInvitation(row);
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string): Promise<Invitation | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select(columns)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toInvitation(row);
}

export async function hasPendingInvitation(db: Db, tenantId: string, email: string, now: Date) {
  const row = await db
    .selectFrom('invitations')
    .select('invitation_id')
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(email_address)`, '=', email.trim().toLowerCase())
    .where('accepted_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInvitation(
  db: Db,
  invitation: {
    tenantId: string;
    emailAddress: string;
    userRoleIds: string[];
    isThoughtSpotUser: boolean;
    inviterName: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<Invitation> {
  const row = await db
    .insertInto('invitations')
    .values({
      tenant_id: invitation.tenantId,
      email_address: invitation.emailAddress,
      user_role_ids: invitation.userRoleIds,
      is_thoughtspot_user: invitation.isThoughtSpotUser,
      inviter_name: invitation.inviterName,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toInvitation(row);
}

export async function markInvitationDeleted(db: Db, invitationId: string, at: Date): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ deleted_at: at })
    .where('invitation_id', '=', invitationId)
    .execute();
}

/** The invitation's e-mail is handed to the mail queue, once; the caller holds the invitation's lock. */
export async function markInvitationMailed(db: Db, invitationId: string, at: Date) {
  await db
    .updateTable('invitations')
    .set({ mailed_at: at })
    .where('invitation_id', '=', invitationId)
    .execute();
}

/**
 * Keeps the hash of the token of the link being mailed now (the mail worker draws it as it sends);
 * the link of an earlier attempt stops working. The caller holds the invitation's lock.
 */
export async function recordInvitationToken(db: Db, invitationId: string, tokenHash: string) {
  await db
    .updateTable('invitations')
    .set({ token_hash: tokenHash })
    .where('invitation_id', '=', invitationId)
    .execute();
}

export async function markInvitationAccepted(db: Db, invitationId: string, userId: string, at: Date) {
  await db
    .updateTable('invitations')
    .set({ accepted_at: at, accepted_by_user_id: userId })
    .where('invitation_id', '=', invitationId)
    .execute();
}

/**
 * Resend (issue 24): the invitation's expiry starts again and the link already mailed stops
 * working at once (no token hash until the mail worker draws the new link's); its e-mail is handed
 * to the mail queue now. The caller holds the invitation's lock.
 */
export async function renewInvitation(
  db: Db,
  invitationId: string,
  renewal: { expiresAt: Date; mailedAt: Date },
): Promise<Invitation> {
  const row = await db
    .updateTable('invitations')
    .set({ expires_at: renewal.expiresAt, mailed_at: renewal.mailedAt, token_hash: null })
    .where('invitation_id', '=', invitationId)
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toInvitation(row);
}

// Signing in again after a sign-in from an invitation's link came back as another person: the
// browser holds a single-use ticket, and the offer is kept as a pending login of the invitation
// whose state is the ticket's hash (so it expires and is purged like any pending login, and no
// authorization response can ever match it).

/** The invitation a sign-in-again ticket (by its hash) is for, while it lasts. */
export async function findInvitationSignInAgain(db: Db, ticketHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('pending_logins')
    .select('invitation_id')
    .where('state', '=', ticketHash)
    .where('invitation_id', 'is not', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.invitation_id ?? undefined;
}

/** Uses up a sign-in-again ticket (by its hash) of this invitation: whether it still lasted. */
export async function takeInvitationSignInAgain(
  db: Db,
  ticketHash: string,
  invitationId: string,
): Promise<boolean> {
  if (!UUID.test(invitationId)) return false;
  const row = await db
    .deleteFrom('pending_logins')
    .where('state', '=', ticketHash)
    .where('invitation_id', '=', invitationId)
    .returning('expires_at')
    .executeTakeFirst();
  return row !== undefined && row.expires_at.getTime() > Date.now();
}
