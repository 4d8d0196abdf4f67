import { ADMIN_MATRIX as m } from './admin-fixtures.js';
import { partnerRoute, type RouteRow, route } from './matrix.js';

// The matrix rows of the reference data administration (apps/api/src/admin), spread into routes-table.ts.
// Partners: MANAGE_PARTNERS; categories, frequency types, alerts, datasets: MANAGE_REPORT_CATEGORIES;
// users and the audit log: INTERNAL_ADMIN. No persona but the internal admin holds any of them.

const adminOnly = (status: number) => `401 403 403 403 403 ${status} 403 403`;
const alert = { categoryCode: m.category, frequencyTypeCode: 'WLY', frequencyDay: 'TUESDAY' };
const user = (userId: string) => ({
  userId,
  firstName: 'Matrix',
  lastName: 'Row',
  email: 'matrix@matrix.example',
  features: [],
  partners: { partnerAccess: [] },
});

export const adminRoutesTable: RouteRow[] = [
  // Partners                                                             anon ext dash staff ops admin tenant svc
  route('GET /api/admin/partners', adminOnly(200)),
  partnerRoute('GET /api/admin/partners/:partnerCode', adminOnly(200), adminOnly(200)),
  route('POST /api/partners', adminOnly(201), {
    body: { type: 'EXT', code: 'MXNEW', name: 'Matrix new', categories: [] },
  }),
  route('PUT /api/partners', adminOnly(200), {
    body: { type: 'EXT', code: m.partnerToEdit, name: 'Matrix edited', categories: [] },
  }),
  // 409 for the admin: EXT/BJS and EXT/OTH have reports (see admin-fixtures.ts).
  partnerRoute('DELETE /api/partners/:accessTypeCode/:partnerCode', adminOnly(409), adminOnly(409)),

  // Report categories and datasets
  route('GET /api/admin/categories', adminOnly(200)),
  route('GET /api/admin/categories/:reportCategoryCode', adminOnly(200), {
    params: () => ({ reportCategoryCode: m.categoryToEdit }),
  }),
  route('POST /api/categories', adminOnly(201), {
    body: { code: 'MX_NEW', name: 'Matrix new category', frequencyTypes: [{ code: 'WLY' }], ownerEmails: [] },
  }),
  route('PUT /api/categories', adminOnly(200), {
    body: {
      code: m.categoryToEdit,
      name: 'Matrix edited category',
      frequencyTypes: [{ code: 'WLY' }],
      ownerEmails: [],
    },
  }),
  route('DELETE /api/categories/:reportCategoryCode', adminOnly(200), {
    params: () => ({ reportCategoryCode: m.categoryToDelete }),
  }),
  route('GET /api/datasets/:catalogId', adminOnly(200), { params: () => ({ catalogId: m.dataset }) }),
  route('POST /api/datasets', adminOnly(201), {
    body: { catalogId: 'mx-new-dataset', objectKey: `/Reports/EXT/BJS/${m.category}/` },
  }),

  // Frequency types
  route('GET /api/frequency-types', adminOnly(200)),
  route('POST /api/frequency-types', adminOnly(201), { body: { code: 'MXN', name: 'Matrix new' } }),
  route('PUT /api/frequency-types', adminOnly(200), {
    body: { code: m.frequencyTypeToEdit, name: 'Matrix edited' },
  }),
  route('DELETE /api/frequency-types/:frequencyTypeCode', adminOnly(200), {
    params: () => ({ frequencyTypeCode: m.frequencyTypeToDelete }),
  }),

  // Report alerts (/admin/report-alerts)
  route('GET /api/report-monitors', adminOnly(200)),
  route('POST /api/report-monitors', adminOnly(201), { body: { partnerCode: 'BJS', ...alert } }),
  route('PUT /api/report-monitors/:reportMonitorId', adminOnly(200), {
    params: (ids) => ({ reportMonitorId: String(ids.reportMonitorId) }),
    body: alert,
  }),
  route('DELETE /api/report-monitors/:reportMonitorId', adminOnly(200), {
    params: (ids) => ({ reportMonitorId: String(ids.reportMonitorToDelete) }),
  }),

  // Users (external users are the ones edited) and the audit log
  route('GET /api/users', adminOnly(200)),
  route('GET /api/external-users', adminOnly(200)),
  route('GET /api/external-users/download', adminOnly(200)),
  route('GET /api/users/:userId', adminOnly(200), { params: () => ({ userId: m.userToEdit }) }),
  route('POST /api/users', adminOnly(201), { body: user('mx-new@matrix.example') }),
  route('PUT /api/users', adminOnly(200), { body: user(m.userToEdit) }),
  route('DELETE /api/users/:userId', adminOnly(200), { params: () => ({ userId: m.userToDelete }) }),
  route('GET /api/admin/audit-log', adminOnly(200)),
];
