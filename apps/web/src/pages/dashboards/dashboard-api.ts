import { api } from '../../api/api.js';

// The shapes of SPEC.md §3 (Dashboard) as the dashboard calls of §7 return them: the types of the
// API's reply schemas.
export type {
  Dashboard,
  DashboardContentTypes,
  DashboardPartners,
  PartnerDashboards,
  PopularDashboard,
} from '@portal/domain/api/dashboards';

/** The store that holds the activity log: the literal {warehouse} segment of the most-viewed call. */
export const ACTIVITY_WAREHOUSE = 'postgres';

const segment = encodeURIComponent;
export const dashboardPaths = {
  partners: '/api/dashboards/partners',
  ofPartner: (accessTypeCode: string, partnerCode: string) =>
    `/api/dashboards/${segment(accessTypeCode)}/${segment(partnerCode)}`,
  contentTypes: (accessTypeCode: string, partnerCode: string) =>
    `/api/dashboards/content-types/${segment(accessTypeCode)}/${segment(partnerCode)}`,
  popular: (accessTypeCode: string, partnerCode: string) =>
    `/api/${ACTIVITY_WAREHOUSE}/activity-logs/popular-dashboards/${segment(accessTypeCode)}/${segment(partnerCode)}`,
  one: (accessTypeCode: string, partnerCode: string, dashboardId: string | number) =>
    `/api/dashboards/${segment(accessTypeCode)}/${segment(partnerCode)}/${segment(String(dashboardId))}`,
};

/** Tracking never disturbs the viewer: a failed call is only logged (SPEC.md §7 write calls). */
export function trackView(dashboardId: number): void {
  api
    .post(`/api/activity/track/dashboard-view/${dashboardId}`, {})
    .catch((error) => console.warn('dashboard-view', error));
}

export function trackFailure(dashboardId: number, detail: { status: number; reason: string }): void {
  api
    .post(`/api/activity/track/dashboard-fail/${dashboardId}`, detail)
    .catch((error) => console.warn('dashboard-fail', error));
}
