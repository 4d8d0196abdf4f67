import type { Dashboard } from '@portal/db';
import { Nullable } from '@portal/domain/api/common';
import { Type } from 'typebox';
import { SerialId } from '../lib/http/route-params.js';

// Parameter and body shapes of the dashboard calls (SPEC.md §3 Dashboard, §7 Dashboards); their
// reply schemas are in @portal/domain/api/dashboards.
export { PartnerParams } from '../lib/http/route-params.js';
export const DashboardIdParams = Type.Object({ dashboardId: SerialId });

export const DashboardBody = Type.Object({
  dashboardId: Type.Optional(Nullable(Type.Integer())),
  dashboardName: Type.String({ maxLength: 200 }),
  dashboardDescription: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  dashboardUrl: Type.String({ maxLength: 2000 }),
  /** Either spelling (TABLEAU or Tableau…); when left out, the URL's shape decides. */
  dashboardType: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  dashboardContentType: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  partner: Type.Object({ type: Type.String({ maxLength: 20 }), code: Type.String({ maxLength: 40 }) }),
});

export function dashboardView(dashboard: Dashboard) {
  return { ...dashboard, partner: { ...dashboard.partner } };
}
