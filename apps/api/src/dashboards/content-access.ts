import { findDashboardsUnderStem } from '@portal/db';
import {
  canViewDashboard,
  dashboardCoversPath,
  dashboardPathStem,
  proxiedDashboardType,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AuthenticatedUser } from '../lib/http/principal.js';

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
