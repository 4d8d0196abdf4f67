import { findActiveSession, findActiveUser, findDashboardsUnderStem } from '@portal/db';
import {
  canViewDashboard,
  dashboardCoversPath,
  dashboardPathStem,
  proxiedDashboardType,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthenticatedUser, toAuthenticatedUser } from '../principal.js';
import { SESSION_COOKIE } from '../session-cookie.js';

/**
 * The signed-in user of a request for dashboard content. Content paths are not /api paths, so the
 * auth plugin leaves them alone; frames carry the session cookie, never a bearer token.
 */
export async function contentUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthenticatedUser | null> {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (!sessionId) return null;
  const session = await findActiveSession(app.db, sessionId, app.config.SESSION_IDLE_MINUTES);
  const user = session ? await findActiveUser(app.db, session.userId) : undefined;
  return session && user ? toAuthenticatedUser(user, session) : null;
}

/** May this user fetch this /content/… or /t/… path: it lies under a dashboard the user may open. */
export async function mayFetchContent(
  app: FastifyInstance,
  user: AuthenticatedUser,
  path: string,
): Promise<boolean> {
  const type = proxiedDashboardType(path);
  const stem = dashboardPathStem(path);
  if (!type || !stem) return false;
  const candidates = await findDashboardsUnderStem(app.db, type, stem);
  return candidates.some((d) => dashboardCoversPath(d.dashboardUrl, path) && canViewDashboard(user, d));
}
