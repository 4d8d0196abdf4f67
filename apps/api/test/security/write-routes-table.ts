import type { Database } from '@portal/db';
import type { Persona } from '@portal/testing/personas';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEMO_TABLEAU_COOKIE } from '../../src/dashboards/demo-tableau.js';
import type { MatrixIds } from '../authorization/fixtures.js';
import { queueBoardRoutesTable } from '../authorization/queue-board-routes-table.js';
import { REPORT_MATRIX_CATEGORY } from '../authorization/report-fixtures.js';

// EVERY WRITE ROUTE of the app (POST, PUT, PATCH, DELETE, whatever its prefix: /api, Bull Board
// under /admin/queues, the dashboard proxies and Tableau's demo sign-in) and how the input-gate
// property test (write-routes.fuzz.test.ts) drives it. The test reads the registered routes from
// the app (app.registeredRoutes) and fails while a write route has no row here, or a row names no
// registered route. A new route adds ONE line:
//
//   'POST /api/things/:thingId': matrix(),                      JSON: its authorization-matrix row's
//                                                                params and body, as the internal admin
//   'PUT /api/me': matrix('externalReports'),                   …as another persona (support/personas.ts)
//   'DELETE /api/x/:id': matrix('internalAdmin', 409),          …whose base request answers 409, not 2xx
//   'POST /api/x/upload': upload('internalAdmin', 'File', 'a.png', PNG),   a multipart upload
//
//   'POST /outside/api': prepared('internalAdmin', async (ctx) => ({ params: {}, body: {…} })),
//                                                                a route with no matrix body
//
// The base request (the matrix row unchanged) must answer `base` (default: any 2xx) so the row
// proves it reaches the handler; the test then mutates it (bodies, fields, path parameters, and
// the query of a route that declares a query schema).

export type MultipartBase = {
  fileField: string;
  fileName: string;
  /** 'png': a 1 × 1 PNG; 'csv': a small csv. */
  content: 'png' | 'csv';
  fields: Record<string, string>;
};

/** What a prepared row is given to make its base request: the app, the fixtures, the persona's headers. */
export type DriveContext = { app: FastifyInstance; ids: MatrixIds; headers: Record<string, string> };
export type PreparedBase = {
  /** Path parameters; a wildcard route's tail is `*`. */
  params: Record<string, string>;
  body?: unknown;
  /** A cookie sent besides the persona's own. */
  cookie?: string;
};

export type DriveRow = {
  persona: Persona;
  /** The status of the unchanged base request; undefined: any 2xx. */
  base?: number;
  /** Absent: a JSON body and params from the route's authorization-matrix row. */
  multipart?: MultipartBase;
  /** Path parameters besides those of the matrix row (multipart rows have none there). */
  params?: (ids: MatrixIds) => Record<string, string>;
  /** A route without a matrix body (outside /api): its base request, made once before it is driven. */
  prepare?: (ctx: DriveContext) => Promise<PreparedBase>;
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

const prepared = (persona: Persona, prepare: DriveRow['prepare'], base?: number): DriveRow => ({
  persona,
  prepare,
  ...(base !== undefined && { base }),
});

// ---- outside /api ------------------------------------------------------------------------------
// Bull Board (operations/queue-board.ts), internal admins only: every write route of its matrix rows
// (queue-board-routes-table.ts) with their params and body, the base being the admin's status
// there (a job or scheduler that does not exist answers 404 or 400).
const WRITE = /^(POST|PUT|PATCH|DELETE) /;
const queueBoardRows: Record<string, DriveRow> = Object.fromEntries(
  queueBoardRoutesTable
    .filter((row) => WRITE.test(row.route))
    .map((row) => [row.route, matrix('internalAdmin', row.expected?.internalAdmin)]),
);

// The dashboard proxies (dashboards/dashboard-content.ts) answer every method; without a vendor host
// they serve the demo content of a dashboard the user may open: seedProxiedDashboards adds one of
// each kind to EXT/BJS.
const DEMO_CONNECT_PATH = '/content/demo-sales-overview/';
const DEMO_TABLEAU_PATH = '/t/demo/views/PartnerSales/Overview';

export async function seedProxiedDashboards(db: Kysely<Database>) {
  const bjs = await db
    .selectFrom('partners')
    .select('partner_id')
    .where('access_type_code', '=', 'EXT')
    .where('code', '=', 'BJS')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('dashboards')
    .values(
      (
        [
          ['RSTUDIO', DEMO_CONNECT_PATH],
          ['TABLEAU', DEMO_TABLEAU_PATH],
        ] as const
      ).map(([dashboard_type, dashboard_url]) => ({
        partner_id: bjs.partner_id,
        dashboard_name: `Fuzz ${dashboard_type}`,
        dashboard_url,
        dashboard_type,
        dashboard_content_type: 'Sales',
        updated_at: new Date(),
      })),
    )
    .execute();
}

/** The portal's Tableau JWT for the matrix Tableau dashboard, as the viewer gets it. */
async function tableauJwt({ app, ids, headers }: DriveContext): Promise<string> {
  const reply = await app.inject({ method: 'GET', url: `/api/tableau/${ids.dashboardTableau}`, headers });
  const { token } = reply.json() as { token?: unknown };
  if (typeof token !== 'string') throw new Error(`no Tableau JWT: ${reply.statusCode} ${reply.body}`);
  return token;
}

const tableauSignIn = prepared('internalAdmin', async (ctx) => ({
  params: {},
  body: { siteName: 'demo', jwt: await tableauJwt(ctx) },
}));

const connectContent = prepared('internalAdmin', async () => ({
  params: { '*': DEMO_CONNECT_PATH.slice('/content/'.length) },
  body: { note: 'fuzz' },
}));

/** A demo Tableau view needs the Tableau session its sign-in sets. */
const tableauView = prepared('internalAdmin', async (ctx) => {
  const signIn = await ctx.app.inject({
    method: 'POST',
    url: '/vizportal/api/web/v1/auth/embed/signin',
    headers: { ...ctx.headers, 'content-type': 'application/json' },
    payload: { siteName: 'demo', jwt: await tableauJwt(ctx) },
  });
  const session = signIn.cookies.find((c) => c.name === DEMO_TABLEAU_COOKIE);
  if (!session) throw new Error(`no Tableau session: ${signIn.statusCode} ${signIn.body}`);
  return {
    params: { '*': DEMO_TABLEAU_PATH.slice('/t/'.length) },
    body: { note: 'fuzz' },
    cookie: `${DEMO_TABLEAU_COOKIE}=${session.value}`,
  };
});

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
  // Report subscriptions (issue 28)
  'PUT /api/subscriptions/:subscriptionId': matrix(),
  'DELETE /api/subscriptions/:subscriptionId': matrix(),
  'PUT /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/subscription': matrix('externalReports'),
  // The admin follows no category of BJS in the fixtures: the handler's 404 proves the row reaches it.
  'DELETE /api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/subscription': matrix(
    'internalAdmin',
    404,
  ),
  'POST /unsubscribe/:token': matrix('anonymous'),
  // Webhooks (issue 28)
  'POST /api/admin/webhooks': matrix(),
  'PUT /api/admin/webhooks/:endpointId': matrix(),
  'DELETE /api/admin/webhooks/:endpointId': matrix(),
  'POST /api/admin/webhooks/:endpointId/rotate-secret': matrix(),
  'POST /api/admin/webhooks/:endpointId/enable': matrix(),
  'POST /api/admin/webhooks/:endpointId/test': matrix(),
  'POST /api/admin/webhooks/:endpointId/deliveries/:deliveryId/redeliver': matrix(),
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
  'POST /api/saas/user/:tenantId/invitations/:invitationId/resend': matrix(),
  'DELETE /api/saas/user/:tenantId/invitations/:invitationId/email/:emailEncoded': matrix(),
  // Outside /api
  ...queueBoardRows,
  'POST /vizportal/api/web/v1/auth/embed/signin': tableauSignIn,
  'POST /content/*': connectContent,
  'PUT /content/*': connectContent,
  'PATCH /content/*': connectContent,
  'DELETE /content/*': connectContent,
  'POST /t/*': tableauView,
  'PUT /t/*': tableauView,
  'PATCH /t/*': tableauView,
  'DELETE /t/*': tableauView,
};

/** Registered write routes without a row, and rows without a registered route. */
export function uncoveredWriteRoutes(registered: readonly string[], table: Record<string, unknown>) {
  return {
    undriven: registered.filter((key) => !(key in table)),
    unknown: Object.keys(table).filter((key) => !registered.includes(key)),
  };
}
