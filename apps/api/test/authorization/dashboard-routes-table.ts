import { DASHBOARD_MATRIX_PINBOARD } from './dashboard-fixtures.js';
import { partnerRoute, type RouteRow, route } from './matrix.js';

// The matrix rows of the dashboard calls (SPEC.md §7 Dashboards), spread into routes-table.ts.
// Reads and tracking need partner access (ThoughtSpot also VIEW_TS_DASHBOARDS); the dashboard in
// each id row belongs to EXT/BJS. Managing dashboards needs MANAGE_DASHBOARDS (the admin only).
const adminOnly = (status: number) => `401 403 403 403 403 ${status} 403 403`;
const onlyBjsUsers = (status: number) => `401 ${status} 403 403 403 ${status} ${status} ${status}`;
const ownPartner = '401 200 200 403 403 200 200 200';
const otherPartner = '401 403 403 403 403 200 403 403';
const dashboard = {
  dashboardName: 'Matrix',
  dashboardUrl: '/content/mx-new/',
  dashboardType: 'RStudio',
  partner: { type: 'EXT', code: 'BJS' },
};

export const dashboardRoutesTable: RouteRow[] = [
  // Selection and viewers                                                anon ext dash staff ops admin tenant svc
  route('GET /api/dashboards/partners', '401 200 200 200 200 200 200 200'),
  partnerRoute('GET /api/dashboards/:accessTypeCode/:partnerCode', ownPartner, otherPartner),
  // A BJS dashboard: under another partner the admin gets 404 (not that partner's dashboard).
  partnerRoute(
    'GET /api/dashboards/:accessTypeCode/:partnerCode/:dashboardId',
    '401 200 403 403 403 200 200 200',
    '401 403 403 403 403 404 403 403',
    { params: (ids) => ({ dashboardId: String(ids.dashboardRStudio) }) },
  ),
  partnerRoute('GET /api/dashboards/content-types/:accessTypeCode/:partnerCode', ownPartner, otherPartner),
  partnerRoute(
    'GET /api/postgres/activity-logs/popular-dashboards/:accessTypeCode/:partnerCode',
    ownPartner,
    otherPartner,
  ),
  route('POST /api/activity/track/dashboard-view/:dashboardId', onlyBjsUsers(202), {
    params: (ids) => ({ dashboardId: String(ids.dashboardRStudio) }),
  }),
  route('POST /api/activity/track/dashboard-fail/:dashboardId', onlyBjsUsers(202), {
    params: (ids) => ({ dashboardId: String(ids.dashboardRStudio) }),
    body: { status: 503, reason: 'status' },
  }),
  route('GET /api/quicksight/:dashboardId', onlyBjsUsers(200), {
    params: (ids) => ({ dashboardId: String(ids.dashboardQuickSight) }),
  }),
  route('GET /api/tableau/:dashboardId', onlyBjsUsers(200), {
    params: (ids) => ({ dashboardId: String(ids.dashboardTableau) }),
  }),
  // ThoughtSpot: VIEW_TS_DASHBOARDS and a partner with that pinboard (dash has the feature, not BJS).
  route('GET /api/ThoughtSpotEmbed/:pinboardId', '401 200 403 403 403 200 403 403', {
    params: () => ({ pinboardId: DASHBOARD_MATRIX_PINBOARD }),
  }),
  // Only the signed-in user may be looked up (404: the embedded demo ThoughtSpot does not know them yet).
  route('GET /api/thoughtspot/user', '401 404 403 403 403 403 403 403', {
    query: { name: 'partner@demo.portal' },
  }),
  route('POST /api/thoughtspot/user', '401 201 201 403 403 201 403 403', { body: {} }),

  // Manage dashboards                                                     anon ext dash staff ops admin tenant svc
  route('GET /api/dashboards', adminOnly(200)),
  route('POST /api/dashboards', adminOnly(201), { body: dashboard }),
  route('PUT /api/dashboards/:dashboardId', adminOnly(200), {
    params: (ids) => ({ dashboardId: String(ids.dashboardToEdit) }),
    body: { ...dashboard, dashboardUrl: '/content/mx-edited/' },
  }),
  route('DELETE /api/dashboards/:dashboardId', adminOnly(200), {
    params: (ids) => ({ dashboardId: String(ids.dashboardToDelete) }),
  }),
];
