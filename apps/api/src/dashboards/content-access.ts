import { findDashboardsUnderStem } from '@portal/db';
import { contentCandidatesOf, mayFetchContentPath } from '@portal/domain/dashboards/content-access';
import type { FastifyInstance } from 'fastify';
import type { AuthenticatedUser } from '../lib/http/principal.js';

/** May this user fetch this /content/… or /t/… path: it lies under a dashboard the user may open. */
export async function mayFetchContent(
  app: FastifyInstance,
  user: AuthenticatedUser,
  path: string,
): Promise<boolean> {
  const lookup = contentCandidatesOf(path);
  if (lookup === undefined) return false;
  const candidates = await findDashboardsUnderStem(app.db, lookup.dashboardType, lookup.stem);
  return mayFetchContentPath(user, path, candidates);
}
