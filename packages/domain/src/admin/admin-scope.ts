import { canAccessPartner, type Principal } from '../access/permissions.js';
import type { DashboardType } from '../dashboards/dashboard-type.js';
import { dashboardCoversPath, quicksightDashboardIdOf } from '../dashboards/dashboard-url.js';
import { REPORTS_ROOT } from '../reports/report-keys.js';

// Partner scope of the administration (README, Notes on the spec): a manager sees and changes
// only partners they may access (SPEC.md §6 partner access). What an administration call names
// by partner is checked here, once, for every area: dashboards, report categories, alerts and
// their runs, partners, datasets, logos and marketing images.

export type PartnerKey = { accessTypeCode: string; partnerCode: string };

/** The partners of `partners` this manager may not access (none for an internal admin). */
export function partnersOutsideScope<T extends PartnerKey>(
  principal: Principal,
  partners: readonly T[],
): T[] {
  return partners.filter((p) => !canAccessPartner(principal, p.accessTypeCode, p.partnerCode));
}

/**
 * A thing shared by several partners is changed only by someone who may access every one of them.
 * With no partner at all it is true: a report category or frequency type that no partner uses holds
 * no partner's data, so a manager may create and change it (README, Notes on the spec). What exists
 * only to carry partners' data reads the other way: mayManageForPartners.
 */
export function mayChangeShared(principal: Principal, partners: readonly PartnerKey[]): boolean {
  return partnersOutsideScope(principal, partners).length === 0;
}

/**
 * Something that exists to carry its partners' data to someone (a webhook endpoint, the service
 * account it sends as): a manager manages it when it has partners and they may access every one.
 * One with no partner is no manager's, whatever their partners: it belongs to internal
 * administrators alone (an endpoint whose last partner was deleted is theirs to give a partner or
 * delete).
 */
export function mayManageForPartners(principal: Principal, partners: readonly PartnerKey[]): boolean {
  if (principal.isInternalAdmin) return true;
  // Unlike a category's reading of mayChangeShared: no partner here is internal administrators only.
  return partners.length > 0 && mayChangeShared(principal, partners);
}

/**
 * The partner a dataset's object key belongs to: /Reports/{accessType}/{partner}/… (SPEC.md §5
 * Dataset). Keys elsewhere name no partner, and only an internal admin may register those.
 */
export function datasetPartnerOf(objectKey: string): PartnerKey | null {
  const [empty, root, accessTypeCode, partnerCode] = objectKey.split('/');
  if (empty !== '' || root !== REPORTS_ROOT || !accessTypeCode || !partnerCode) return null;
  return { accessTypeCode, partnerCode };
}

export function mayManageDataset(principal: Principal, objectKey: string): boolean {
  if (principal.isInternalAdmin) return true;
  const partner = datasetPartnerOf(objectKey);
  return partner !== null && canAccessPartner(principal, partner.accessTypeCode, partner.partnerCode);
}

export type DashboardContent = { dashboardType: DashboardType; dashboardUrl: string };

const pathOf = (url: string) => url.split('?')[0] ?? '';

/**
 * Do two dashboards open the same vendor content? The proxy lets a user fetch a /content/… or
 * /t/… path beneath any dashboard of their partner, so two such dashboards share content when
 * one's path lies within the other's. A QuickSight embed is its dashboard id; a ThoughtSpot
 * dashboard is its pinboard id.
 */
export function dashboardsShareContent(a: DashboardContent, b: DashboardContent): boolean {
  if (a.dashboardType !== b.dashboardType) return false;
  if (a.dashboardType === 'QUICKSIGHT') {
    const id = quicksightDashboardIdOf(a.dashboardUrl);
    return id !== undefined && id === quicksightDashboardIdOf(b.dashboardUrl);
  }
  if (a.dashboardType === 'THOUGHTSPOT') return a.dashboardUrl.toLowerCase() === b.dashboardUrl.toLowerCase();
  const pa = pathOf(a.dashboardUrl);
  const pb = pathOf(b.dashboardUrl);
  return dashboardCoversPath(pa, pb.replace(/\/+$/, '')) || dashboardCoversPath(pb, pa.replace(/\/+$/, ''));
}

/** Does `outer` open everything `inner` opens (so a dashboard with `inner` grants nothing new)? */
function coversContent(outer: DashboardContent, inner: DashboardContent): boolean {
  if (outer.dashboardType !== inner.dashboardType) return false;
  if (outer.dashboardType === 'RSTUDIO' || outer.dashboardType === 'TABLEAU') {
    return dashboardCoversPath(pathOf(outer.dashboardUrl), pathOf(inner.dashboardUrl).replace(/\/+$/, ''));
  }
  return dashboardsShareContent(outer, inner);
}

export type PlacedDashboard = DashboardContent & {
  dashboardId: number;
  partner: { type: string; code: string };
};

/**
 * May this manager point a dashboard of `partner` at `content`? Not when the content is already
 * bound to a dashboard of a partner outside their scope, unless `partner` already opens all of it
 * through one of its own dashboards (editing a dashboard without changing its URL, say). Without
 * this, a dashboard of their own partner would open another partner's content to their users.
 */
export function mayPointDashboardAt(
  principal: Principal,
  partner: PartnerKey,
  content: DashboardContent,
  existing: readonly PlacedDashboard[],
): boolean {
  if (principal.isInternalAdmin) return true;
  const samePartner = (d: PlacedDashboard) =>
    d.partner.type.toUpperCase() === partner.accessTypeCode.toUpperCase() &&
    d.partner.code.toUpperCase() === partner.partnerCode.toUpperCase();
  if (existing.some((d) => samePartner(d) && coversContent(d, content))) return true;
  return !existing.some(
    (d) => dashboardsShareContent(d, content) && !canAccessPartner(principal, d.partner.type, d.partner.code),
  );
}

/**
 * Logos and marketing images are kept per partner code, so every partner of that code (EXT/PPX
 * and INT/PPX, say) shows the same image: replacing it needs access to all of them.
 */
export function mayManagePartnerCode(principal: Principal, partners: readonly PartnerKey[]): boolean {
  // A code no partner has is nobody's image to replace, an internal admin's neither.
  return partners.length > 0 && mayChangeShared(principal, partners);
}
