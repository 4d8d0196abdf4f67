import { adminRoutesTable } from './admin-routes-table.js';
import { dashboardRoutesTable } from './dashboard-routes-table.js';
import { formRoutesTable } from './form-routes-table.js';
import { partnerRoute, type RouteRow, route } from './matrix.js';
import { operationsRoutesTable } from './operations-routes-table.js';
import { queueBoardRoutesTable } from './queue-board-routes-table.js';
import { reportRoutesTable } from './report-routes-table.js';
import { tenantRoutesTable } from './tenant-routes-table.js';
import { webhookRoutesTable } from './webhook-routes-table.js';

// THE AUTHORIZATION MATRIX: every registered route against every persona. A new route adds ONE line
// here (the matrix test fails while a registered route has no row, or a row has no route).
//
//   route('METHOD /api/path/:param', 'anon ext dash staff ops admin tenant svc', { params, query, body })
//   partnerRoute('METHOD /api/…/:accessTypeCode/:partnerCode/…', '<own partner>', '<other partner>', options)
//
// Columns, always in this order (see support/personas.ts for their rights):
//   anon   anonymous                     ext    partner@demo.portal: reports, EXT/BJS + EXT/SAM
//   dash   dashboards@demo.portal: dashboards only, EXT/WSI
//   staff  E100003: internal, no feature  ops    E100002: INTERNAL_OPERATIONS_TEAM
//   admin  E100001: internal admin        tenant tenant-admin@demo.portal: MANAGE_EXTERNAL_USERS, EXT/BJS
//   svc    service account svc-reports (bearer token): VIEW_REPORTS, EXT/BJS + EXT/SAM
// For partnerRoute, '<own partner>' puts each persona's first partner in the path (EXT/BJS for
// those with none, the admin included) and '<other partner>' puts EXT/OTH, which only the admin may use.
// Session personas send X-Requested-With: portal, so writes show the permission answer, not CSRF.
// Ids come from fixtures.ts: params: (ids) => ({ reportId: ids.reportId }).

export const routesTable: RouteRow[] = [
  // Authentication and user (SPEC.md §7)                              anon ext dash staff ops admin tenant svc
  route('GET /api/login/redirect', '200 200 200 200 200 200 200 200', {
    query: { username: 'a@demo.portal' },
  }),
  route('GET /api/oauth2/authorization/:provider', '302 302 302 302 302 302 302 302', {
    params: () => ({ provider: 'sso' }),
  }),
  route('GET /api/login/oauth2/code/:provider', '302 302 302 302 302 302 302 302', {
    params: () => ({ provider: 'sso' }),
  }),
  route('GET /api/logout', '200 200 200 200 200 200 200 200'),
  route('GET /api/user', '401 200 200 200 200 200 200 200'),
  route('GET /api/user/authenticated', '200 200 200 200 200 200 200 200'),
  route('PUT /api/saas/user/updateSelf', '401 200 200 403 403 403 200 403', {
    body: { firstName: 'Matrix', lastName: 'Row' },
  }),

  // Service accounts (internal admins)                                  anon ext dash staff ops admin tenant svc
  route('GET /api/admin/service-accounts', '401 403 403 403 403 200 403 403'),
  route('POST /api/admin/service-accounts', '401 403 403 403 403 201 403 403', {
    body: { userId: 'svc-matrix-new', name: 'New', features: [], partnerAccess: [] },
  }),
  route('PUT /api/admin/service-accounts/:userId/disable', '401 403 403 403 403 200 403 403', {
    params: (ids) => ({ userId: ids.serviceAccountToDisable }),
  }),
  route('POST /api/admin/service-accounts/:userId/tokens', '401 403 403 403 403 201 403 403', {
    params: (ids) => ({ userId: ids.serviceAccount }),
    body: {},
  }),
  route('DELETE /api/admin/service-accounts/:userId/tokens/:tokenId', '401 403 403 403 403 200 403 403', {
    params: (ids) => ({ userId: ids.serviceAccount, tokenId: ids.serviceAccountTokenId }),
  }),

  // Report monitors                                                     anon ext dash staff ops admin tenant svc
  route('GET /api/report-monitors/runs', '401 403 403 403 403 200 403 403'),
  // FAQ and support (SPEC.md §7)                                       anon ext dash staff ops admin tenant svc
  route('GET /api/faqs', '401 200 200 200 200 200 200 200'),
  route('POST /api/faqs', '401 403 403 403 403 201 403 403', {
    body: { question: 'Matrix question, new?', answer: 'A' },
  }),
  route('PUT /api/faqs', '401 403 403 403 403 200 403 403', {
    body: (ids) => ({ id: ids.faqId, question: 'Matrix question, edited?', answer: 'B' }),
  }),
  route('DELETE /api/faqs/:frequentlyAskedQuestionId', '401 403 403 403 403 200 403 403', {
    params: (ids) => ({ frequentlyAskedQuestionId: String(ids.faqToDelete) }),
  }),
  route('GET /api/reasons', '401 200 200 200 200 200 200 200'),
  route('POST /api/contact-us', '401 200 200 200 200 200 200 200', {
    body: { phone: '', reason: 'Other', message: 'Matrix row' },
  }),

  // Banner: everyone reads what shows; internal admins change it        anon ext dash staff ops admin tenant svc
  route('GET /api/banner', '401 200 200 200 200 200 200 200'),
  route('POST /api/banner', '401 403 403 403 403 201 403 403', {
    body: { bannerMessage: 'Matrix', bannerType: 'INFO', timeToLive: 3600 },
  }),
  route('PUT /api/banner/:bannerId/edit', '401 403 403 403 403 200 403 403', {
    params: (ids) => ({ bannerId: String(ids.bannerId) }),
    body: { bannerMessage: 'Matrix, edited', bannerType: 'INFO', timeToLive: null },
  }),
  route('PUT /api/banner/:bannerId/disable', '401 403 403 403 403 200 403 403', {
    params: (ids) => ({ bannerId: String(ids.bannerId) }),
  }),

  // Logos and marketing images. Reads: every user who may see the partner (404: none uploaded yet).
  // Uploads: MANAGE_MARKETING_CONTENT; the admin's 400 is the JSON body, which is not multipart.
  partnerRoute(
    'GET /api/logo/:partnerCode',
    '401 404 404 403 403 404 404 404',
    '401 403 403 403 403 404 403 403',
  ),
  partnerRoute(
    'POST /api/logo/:partnerCode',
    '401 403 403 403 403 400 403 403',
    '401 403 403 403 403 400 403 403',
    { body: {} },
  ),
  partnerRoute(
    'GET /api/partner-images/:partnerCode',
    '401 200 200 403 403 200 200 200',
    '401 403 403 403 403 200 403 403',
  ),
  route('GET /api/marketing/partners', '401 403 403 403 403 200 403 403'),
  partnerRoute(
    'GET /api/marketing/latest/:partnerCode',
    '401 404 404 403 403 404 404 404',
    '401 403 403 403 403 404 403 403',
  ),
  partnerRoute(
    'POST /api/marketing/upload/:partnerCode',
    '401 403 403 403 403 400 403 403',
    '401 403 403 403 403 400 403 403',
    { body: {} },
  ),

  // Reference data administration: partners, categories, frequency types, alerts, users (admin-routes-table.ts)
  ...adminRoutesTable,
  ...dashboardRoutesTable,
  ...formRoutesTable,
  ...reportRoutesTable,
  ...tenantRoutesTable,
  ...queueBoardRoutesTable,
  ...operationsRoutesTable,
  ...webhookRoutesTable,
];
