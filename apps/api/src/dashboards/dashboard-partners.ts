import { type Db, listPartnerDashboardTypes, listPartnersWithDashboards } from '@portal/db';
import { canAccessPartner, canViewDashboard, type Principal } from '@portal/domain';

/**
 * GET /api/dashboards/partners: the partners the user may use that have a dashboard the user may
 * open, grouped by access type, with the access types that have any.
 */
export async function dashboardPartnersOf(db: Db, user: Principal) {
  const types = await listPartnerDashboardTypes(db);
  const hasViewable = (accessTypeCode: string, partnerCode: string) =>
    types.some(
      (t) =>
        t.accessTypeCode === accessTypeCode &&
        t.partnerCode === partnerCode &&
        canViewDashboard(user, {
          dashboardType: t.dashboardType,
          partner: { type: accessTypeCode, code: partnerCode },
        }),
    );
  const accessTypes = new Map<string, string>();
  const partners: Record<string, { type: string; code: string; name: string; hasLogo: boolean }[]> = {};
  for (const p of await listPartnersWithDashboards(db)) {
    if (!canAccessPartner(user, p.accessTypeCode, p.code) || !hasViewable(p.accessTypeCode, p.code)) continue;
    accessTypes.set(p.accessTypeCode, p.accessTypeName);
    partners[p.accessTypeCode] = [
      ...(partners[p.accessTypeCode] ?? []),
      { type: p.accessTypeCode, code: p.code, name: p.name, hasLogo: p.hasLogo },
    ];
  }
  return { accessTypes: [...accessTypes].map(([code, name]) => ({ code, name })), partners };
}
