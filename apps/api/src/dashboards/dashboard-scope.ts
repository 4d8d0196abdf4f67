import { type Database, findDashboardContentCandidates } from '@portal/db';
import type { DashboardType, Principal } from '@portal/domain';
import {
  CONTENT_OF_OTHER_PARTNER,
  dashboardContentDecision,
  dashboardScopeReadsContent,
  mayAdministerDashboardOf,
} from '@portal/domain/admin/dashboard-scope';
import type { Transaction } from 'kysely';
import { forbidden, HttpError } from '../lib/http/errors.js';

// The partner scope of dashboard administration: the rules in dashboard-scope.ts of the domain.
export { CONTENT_OF_OTHER_PARTNER };

export function requireDashboardPartner(principal: Principal, partner: { type: string; code: string }) {
  if (!mayAdministerDashboardOf(principal, partner)) throw forbidden();
}

export async function requireContentInScope(
  trx: Transaction<Database>,
  principal: Principal,
  dashboard: { partner: { type: string; code: string }; dashboardType: DashboardType; dashboardUrl: string },
) {
  // The partner first: nothing is read for a dashboard out of scope.
  requireDashboardPartner(principal, dashboard.partner);
  const existing = dashboardScopeReadsContent(principal)
    ? await findDashboardContentCandidates(trx, dashboard.dashboardType, dashboard.dashboardUrl)
    : [];
  const decision = dashboardContentDecision(principal, dashboard, existing);
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'content-of-other-partner') {
    throw new HttpError(403, CONTENT_OF_OTHER_PARTNER, { field: 'dashboardUrl' });
  }
}
