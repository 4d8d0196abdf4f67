import { canAccessPartner, type Principal } from '../access/permissions.js';
import type { DashboardType } from '../dashboards/dashboard-type.js';
import { mayPointDashboardAt, type PlacedDashboard } from './admin-scope.js';

// The partner scope of dashboard administration (admin-scope.ts): the dashboard's partner must be
// one the manager may access, and its URL must not open content bound to a partner they may not.

export const CONTENT_OF_OTHER_PARTNER =
  "This URL opens content of a partner you may not manage: choose your own partner's content.";

type DashboardPartner = { type: string; code: string };

export function mayAdministerDashboardOf(principal: Principal, partner: DashboardPartner): boolean {
  return canAccessPartner(principal, partner.type, partner.code);
}

/** Whether the dashboards already opening the content must be read: not for an internal admin. */
export function dashboardScopeReadsContent(principal: Principal): boolean {
  return !principal.isInternalAdmin;
}

/**
 * May this dashboard (new, or as edited) open its content: its partner in scope (else 403), and
 * its URL opening no content bound to a partner out of scope (else 403 on `dashboardUrl`).
 */
export function dashboardContentDecision(
  principal: Principal,
  dashboard: { partner: DashboardPartner; dashboardType: DashboardType; dashboardUrl: string },
  existing: readonly PlacedDashboard[],
): 'allow' | 'forbidden' | 'content-of-other-partner' {
  if (!mayAdministerDashboardOf(principal, dashboard.partner)) return 'forbidden';
  const partner = { accessTypeCode: dashboard.partner.type, partnerCode: dashboard.partner.code };
  return mayPointDashboardAt(principal, partner, dashboard, existing) ? 'allow' : 'content-of-other-partner';
}
