import type { MatrixIds } from '../authorization/fixtures.js';
import { REPORT_MATRIX_CATEGORY } from '../authorization/report-fixtures.js';
import type { Persona } from '../support/personas.js';

// EVERY WRITE ROUTE of the API (POST, PUT, PATCH, DELETE under /api) and how the input-gate
// property test (write-routes.fuzz.test.ts) drives it. The test fails while a registered write
// route has no row here, or a row names no registered route. A new route adds ONE line:
//
//   'POST /api/things/:thingId': matrix(),                      JSON: its authorization-matrix row's
//                                                                params and body, as the internal admin
//   'PUT /api/me': matrix('externalReports'),                   …as another persona (support/personas.ts)
//   'DELETE /api/x/:id': matrix('internalAdmin', 409),          …whose base request answers 409, not 2xx
//   'POST /api/x/upload': upload('internalAdmin', 'File', 'a.png', PNG),   a multipart upload
//
// The base request (the matrix row unchanged) must answer `base` (default: any 2xx) so the row
// proves it reaches the handler; the test then mutates it (bodies, fields, path parameters).

export type MultipartBase = {
  fileField: string;
  fileName: string;
  /** 'png': a 1 × 1 PNG; 'csv': a small csv. */
  content: 'png' | 'csv';
  fields: Record<string, string>;
};

export type DriveRow = {
  persona: Persona;
  /** The status of the unchanged base request; undefined: any 2xx. */
  base?: number;
  /** Absent: a JSON body and params from the route's authorization-matrix row. */
  multipart?: MultipartBase;
  /** Path parameters besides those of the matrix row (multipart rows have none there). */
  params?: (ids: MatrixIds) => Record<string, string>;
};

const matrix = (persona: Persona = 'internalAdmin', base?: number): DriveRow => ({ persona, base });
const upload = (
  persona: Persona,
  fileField: string,
  fileName: string,
  content: MultipartBase['content'],
  fields: Record<string, string> = {},
  params?: DriveRow['params'],
): DriveRow => ({ persona, multipart: { fileField, fileName, content, fields }, ...(params && { params }) });

export const WRITE_ROUTES: Record<string, DriveRow> = {
  // Authentication, service accounts, content
  'PUT /api/saas/user/updateSelf': matrix('externalReports'),
  'POST /api/admin/service-accounts': matrix(),
  'PUT /api/admin/service-accounts/:userId/disable': matrix(),
  'POST /api/admin/service-accounts/:userId/tokens': matrix(),
  'DELETE /api/admin/service-accounts/:userId/tokens/:tokenId': matrix(),
  'POST /api/faqs': matrix(),
  'PUT /api/faqs': matrix(),
  'DELETE /api/faqs/:frequentlyAskedQuestionId': matrix(),
  'POST /api/contact-us': matrix('internalNoFeature'),
  'POST /api/banner': matrix(),
  'PUT /api/banner/:bannerId/edit': matrix(),
  'PUT /api/banner/:bannerId/disable': matrix(),
  'POST /api/logo/:partnerCode': upload('internalAdmin', 'File', 'logo.png', 'png', {}, () => ({
    partnerCode: 'BJS',
  })),
  'POST /api/marketing/upload/:partnerCode': upload('internalAdmin', 'File', 'm.png', 'png', {}, () => ({
    partnerCode: 'BJS',
  })),
  // Reference data administration
  'POST /api/partners': matrix(),
  'PUT /api/partners': matrix(),
  'DELETE /api/partners/:accessTypeCode/:partnerCode': matrix('internalAdmin', 409),
  'POST /api/categories': matrix(),
  'PUT /api/categories': matrix(),
  'DELETE /api/categories/:reportCategoryCode': matrix(),
  'POST /api/datasets': matrix(),
  'POST /api/frequency-types': matrix(),
  'PUT /api/frequency-types': matrix(),
  'DELETE /api/frequency-types/:frequencyTypeCode': matrix(),
  'POST /api/report-monitors': matrix(),
  'PUT /api/report-monitors/:reportMonitorId': matrix(),
  'DELETE /api/report-monitors/:reportMonitorId': matrix(),
  'POST /api/users': matrix(),
  'PUT /api/users': matrix(),
  'DELETE /api/users/:userId': matrix(),
  // Dashboards
  'POST /api/activity/track/dashboard-view/:dashboardId': matrix(),
  'POST /api/activity/track/dashboard-fail/:dashboardId': matrix(),
  'POST /api/thoughtspot/user': matrix(),
  'POST /api/dashboards': matrix(),
  'PUT /api/dashboards/:dashboardId': matrix(),
  'DELETE /api/dashboards/:dashboardId': matrix(),
  // Reports
  'POST /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/upload': upload(
    'serviceAccount',
    'file',
    'fuzz.csv',
    'csv',
    { reportDate: '2026-11-20' },
    () => ({ accessTypeCode: 'EXT', partnerCode: 'BJS', reportCategoryCode: REPORT_MATRIX_CATEGORY }),
  ),
  'DELETE /api/reports/:reportId': matrix(),
  'POST /api/validate-recaptcha': matrix(),
  // Operational forms
  'POST /api/form/user-invoices': matrix(),
  'PUT /api/form/user-invoices': matrix(),
  'DELETE /api/form/user-invoices/:recordId': matrix(),
  'POST /api/form/disputes': matrix(),
  'PUT /api/form/disputes': matrix(),
  'DELETE /api/form/disputes/:recordId': matrix(),
  // SaaS users (tenant saas-mxa of the matrix fixtures)
  'POST /api/saas/user/tenantId/:tenantId/tsUser/:isThoughtSpotUser/invite': matrix(),
  'PUT /api/saas/user/:tenantId/:userId/roles/tsUser/:isThoughtSpotUser/:emailEncoded': matrix(),
  'DELETE /api/saas/user/:tenantId/:userId/email/:emailEncoded': matrix(),
  'DELETE /api/saas/user/:tenantId/invitations/:invitationId/email/:emailEncoded': matrix(),
};

/** Registered write routes without a row, and rows without a registered route. */
export function uncoveredWriteRoutes(registered: readonly string[], table: Record<string, unknown>) {
  return {
    undriven: registered.filter((key) => !(key in table)),
    unknown: Object.keys(table).filter((key) => !registered.includes(key)),
  };
}
