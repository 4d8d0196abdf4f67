import { partnerRoute, type RouteRow, route } from './matrix.js';
import { REPORT_MATRIX_CATEGORY } from './report-fixtures.js';

// Partners, categories, reports and human verification (SPEC.md §7), in the columns of
// routes-table.ts: anon ext dash staff ops admin tenant svc.
// The external user's download is 403 here because no human verification was passed (see
// test/reports/human-verification.test.ts); the service account uploads, people may not.
const category = { params: () => ({ reportCategoryCode: REPORT_MATRIX_CATEGORY }) };

export const reportRoutesTable: RouteRow[] = [
  route('GET /api/partners', '401 200 403 403 403 200 403 200'),
  partnerRoute(
    'GET /api/categories/:accessTypeCode/:partnerCode',
    '401 200 403 403 403 200 403 200',
    '401 403 403 403 403 200 403 403',
  ),
  partnerRoute(
    'GET /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode',
    '401 200 403 403 403 200 403 200',
    '401 403 403 403 403 200 403 403',
    category,
  ),
  partnerRoute(
    'GET /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/dates',
    '401 200 403 403 403 200 403 200',
    '401 403 403 403 403 200 403 403',
    category,
  ),
  partnerRoute(
    'POST /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/upload',
    '401 403 403 403 403 403 403 400',
    '401 403 403 403 403 403 403 403',
    category,
  ),
  route('GET /api/reports/download', '401 403 403 403 403 200 403 200', {
    query: (ids) => ({ reportId: String(ids.reportId) }),
  }),
  route('GET /api/reports/view/:reportId', '401 200 403 403 403 200 403 200', {
    params: (ids) => ({ reportId: String(ids.reportId) }),
  }),
  route('DELETE /api/reports/:reportId', '401 403 403 403 403 200 403 403', {
    params: (ids) => ({ reportId: String(ids.reportToDelete) }),
  }),
  // Report subscriptions (issue 28): a person's own; the service account is told by webhooks.
  route('GET /api/subscriptions', '401 200 200 200 200 200 200 200'),
  route('PUT /api/subscriptions/:subscriptionId', '401 404 403 403 403 200 403 404', {
    params: (ids) => ({ subscriptionId: String(ids.subscriptionId) }),
    body: { delivery: 'DAILY_DIGEST', digestTime: '09:00' },
  }),
  route('DELETE /api/subscriptions/:subscriptionId', '401 404 404 404 404 200 404 404', {
    params: (ids) => ({ subscriptionId: String(ids.subscriptionToDelete) }),
  }),
  partnerRoute(
    'GET /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/subscription',
    '401 200 403 403 403 200 403 200',
    '401 403 403 403 403 200 403 403',
    category,
  ),
  partnerRoute(
    'PUT /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/subscription',
    '401 200 403 403 403 200 403 403',
    '401 403 403 403 403 200 403 403',
    { ...category, body: { delivery: 'AS_THEY_ARRIVE' } },
  ),
  // After the PUT row: the external user and the admin follow the category, nobody else does.
  partnerRoute(
    'DELETE /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/subscription',
    '401 200 403 403 403 200 403 404',
    '401 403 403 403 403 200 403 403',
    category,
  ),
  route('GET /api/unsubscribe/:token', '200 200 200 200 200 200 200 200', {
    params: (ids) => ({ token: ids.unsubscribeToken }),
  }),
  // The link works once, for whoever sends it: then it is gone.
  route('POST /unsubscribe/:token', '200 404 404 404 404 404 404 404', {
    params: (ids) => ({ token: ids.unsubscribeToken }),
  }),
  route('GET /api/environment-context', '200 200 200 200 200 200 200 200'),
  route('GET /api/altcha/challenge', '401 200 200 200 200 200 200 200'),
  route('POST /api/validate-recaptcha', '401 200 200 200 200 200 200 200', { body: { response: 'x' } }),
];
