import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'portal_session';
/** Holds the state of a sign-in in progress, so its callback must come from the same browser. */
export const PENDING_LOGIN_COOKIE = 'portal_login';
export const PENDING_LOGIN_SECONDS = 10 * 60;
const PENDING_LOGIN_PATH = '/api/login/oauth2';

// No Max-Age on the session cookie: the server decides when a session ends (idle and absolute
// timeouts), and the cookie goes when the browser closes.
export function setSessionCookie(reply: FastifyReply, sessionId: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, sessionId, { httpOnly: true, secure, sameSite: 'lax', path: '/' });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, secure, sameSite: 'lax', path: '/' });
}

export function setPendingLoginCookie(reply: FastifyReply, state: string, secure: boolean) {
  reply.setCookie(PENDING_LOGIN_COOKIE, state, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: PENDING_LOGIN_PATH,
    maxAge: PENDING_LOGIN_SECONDS,
  });
}

export function clearPendingLoginCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(PENDING_LOGIN_COOKIE, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: PENDING_LOGIN_PATH,
  });
}
