import type { Feature } from '../access/features.js';
import type { Principal } from '../access/permissions.js';
import { PAGES } from './pages.js';

const DASHBOARD_FEATURES: readonly Feature[] = ['VIEW_TS_DASHBOARDS', 'VIEW_ALL_DASHBOARDS'];
const REPORT_FEATURES: readonly Feature[] = ['VIEW_REPORTS', 'DELETE_REPORTS'];

/**
 * SPEC.md §1: a user with access to only dashboards or only reports is sent from the home page to
 * the dashboard partner selection page. "Only" means every feature the user holds belongs to that
 * one area; an internal admin, or a user holding nothing, stays on the home page.
 */
export function homeRedirectPath(principal: Principal): string | null {
  if (principal.isInternalAdmin) return null;
  const held = principal.features.filter((feature) => feature !== 'NO_FEATURE_REQUIRED');
  if (held.length === 0) return null;
  const within = (area: readonly Feature[]) =>
    held.every((feature) => (area as readonly string[]).includes(feature));
  return within(DASHBOARD_FEATURES) || within(REPORT_FEATURES) ? PAGES.dashboardPartners.path : null;
}
