import { type Database, findDashboardContentCandidates } from '@portal/db';
import { canAccessPartner, type DashboardType, type Principal } from '@portal/domain';
import { mayPointDashboardAt } from '@portal/domain/admin/admin-scope';
import type { Transaction } from 'kysely';
import { forbidden, HttpError } from '../lib/http/errors.js';

// The partner scope of dashboard administration (admin-scope.ts): the dashboard's partner must be
// one the manager may access, and its URL must not open content bound to a partner they may not.

export const CONTENT_OF_OTHER_PARTNER =
  "This URL opens content of a partner you may not manage: choose your own partner's content.";

export function requireDashboardPartner(principal: Principal, partner: { type: string; code: string }) {
  if (!canAccessPartner(principal, partner.type, partner.code)) throw forbidden();
}

export async function requireContentInScope(
  trx: Transaction<Database>,
  principal: Principal,
  dashboard: { partner: { type: string; code: string }; dashboardType: DashboardType; dashboardUrl: string },
) {
  requireDashboardPartner(principal, dashboard.partner);
  if (principal.isInternalAdmin) return;
  const existing = await findDashboardContentCandidates(trx, dashboard.dashboardType, dashboard.dashboardUrl);
  const partner = { accessTypeCode: dashboard.partner.type, partnerCode: dashboard.partner.code };
  if (!mayPointDashboardAt(principal, partner, dashboard, existing)) {
    throw new HttpError(403, CONTENT_OF_OTHER_PARTNER, { field: 'dashboardUrl' });
  }
}
