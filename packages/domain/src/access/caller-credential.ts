/**
 * How a request says who is calling: a service account's `Authorization: Bearer <token>` first
 * (then the session cookie is not read, even when the token is empty or unknown), else the
 * `portal_session` cookie.
 */
export type CallerCredential = { token: string } | { sessionId: string } | null;

export function callerCredential(
  authorization: string | undefined,
  sessionCookie: string | undefined,
): CallerCredential {
  if (authorization?.toLowerCase().startsWith('bearer ')) return { token: authorization.slice(7).trim() };
  return sessionCookie ? { sessionId: sessionCookie } : null;
}

/** A session cookie that no longer signs anyone in (expired, idle, signed out elsewhere) is cleared. */
export function clearsSessionCookie(signedIn: boolean, sessionCookie: string | undefined): boolean {
  return !signedIn && Boolean(sessionCookie);
}
