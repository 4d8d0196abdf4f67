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
  route('GET /api/environment-context', '200 200 200 200 200 200 200 200'),
  route('GET /api/altcha/challenge', '401 200 200 200 200 200 200 200'),
  route('POST /api/validate-recaptcha', '401 200 200 200 200 200 200 200', { body: { response: 'x' } }),
];
