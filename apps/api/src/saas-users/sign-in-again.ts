import { randomBytes } from 'node:crypto';
import { createPendingLogin, type Db, findInvitationSignInAgain, sha256Hex } from '@portal/db';
import type { FastifyReply } from 'fastify';

// A sign-in begun at an invitation's link that came back as another person (the sign-in server
// remembered someone else) is no dead end: the browser gets a single-use ticket, in a cookie that
// only the invitation calls receive, with which the invitation's page offers to sign in again as
// the invited address (prompt=login, login_hint). The e-mail's token is never needed again, so it
// appears in no page address; the ticket is stored as its hash only. A mismatch changes nothing
// else: the e-mail's link still works.

export const SIGN_IN_AGAIN_COOKIE = 'portal_invitation';
const SIGN_IN_AGAIN_PATH = '/api/saas/invitations';
/** Long enough to read the page and find the password; the e-mail's link works after it anyway. */
export const SIGN_IN_AGAIN_SECONDS = 15 * 60;

/** Keeps the offer (under the ticket's hash) and returns the ticket for the browser's cookie. */
export async function offerSignInAgain(db: Db, provider: string, invitationId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await createPendingLogin(db, {
    state: sha256Hex(ticket),
    provider,
    // Known to no one: no authorization response can ever complete this pending login.
    codeVerifier: randomBytes(32).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
    returnTo: null,
    invitationId,
    ttlSeconds: SIGN_IN_AGAIN_SECONDS,
  });
  return ticket;
}

/** Whether the browser's ticket still offers to sign in again for this invitation. */
export async function maySignInAgain(db: Db, ticket: string | undefined, invitationId: string) {
  if (!ticket) return false;
  return (await findInvitationSignInAgain(db, sha256Hex(ticket))) === invitationId;
}

export function setSignInAgainCookie(reply: FastifyReply, ticket: string, secure: boolean) {
  reply.setCookie(SIGN_IN_AGAIN_COOKIE, ticket, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: SIGN_IN_AGAIN_PATH,
    maxAge: SIGN_IN_AGAIN_SECONDS,
  });
}

export function clearSignInAgainCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SIGN_IN_AGAIN_COOKIE, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: SIGN_IN_AGAIN_PATH,
  });
}
