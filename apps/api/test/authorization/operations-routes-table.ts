import { type RouteRow, route } from './matrix.js';

// The matrix rows of every route outside /api's own areas, spread into routes-table.ts: health,
// the API documentation (Swagger UI), and the dashboard content served on the portal's origin.
// The SPA's pages and files are public routes of their own when a build is served
// (test/web/spa-assets.test.ts); the matrix's app serves none.

const everyone = (status: number) => Array(8).fill(status).join(' ');
/** Internal users and service accounts; external users are refused (plugins/external/openapi.ts). */
const internal = (status: number) => `401 403 403 ${status} ${status} ${status} 403 ${status}`;
/** Signed in; the path names no dashboard, so everyone signed in is refused it. */
const content = '401 403 403 403 403 403 403 403';

export const operationsRoutesTable: RouteRow[] = [
  //                                                                  anon ext dash staff ops admin tenant svc
  route('GET /healthz', everyone(200)),
  route('GET /readyz', everyone(200)),

  route('GET /api/docs', internal(200)),
  route('GET /api/docs/static/index.html', internal(302)),
  route('GET /api/docs/static/swagger-initializer.js', internal(200)),
  route('GET /api/docs/json', internal(200)),
  route('GET /api/docs/yaml', internal(200)),
  route('GET /api/docs/static/*', internal(404)),

  route('GET /content/*', content),
  route('POST /content/*', content, { body: {} }),
  route('PUT /content/*', content, { body: {} }),
  route('PATCH /content/*', content, { body: {} }),
  route('DELETE /content/*', content),
  route('GET /t/*', content),
  route('POST /t/*', content, { body: {} }),
  route('PUT /t/*', content, { body: {} }),
  route('PATCH /t/*', content, { body: {} }),
  route('DELETE /t/*', content),
  // Signed in: the JWT is missing, so Tableau's sign-in refuses it.
  route('POST /vizportal/api/web/v1/auth/embed/signin', '401 401 401 401 401 401 401 401', { body: {} }),
  route('GET /vizportal/api/web/v1/auth/embed/target', '401 400 400 400 400 400 400 400'),
  route('GET /embed/demo/dashboards/:id', content, { params: () => ({ id: 'matrix-none' }) }),
  // ThoughtSpot's own session check: its bearer token, not the portal's, decides (none here).
  route('GET /thoughtspot-demo/callosum/v1/session/isactive', everyone(401)),
  route('GET /thoughtspot-demo/callosum/v1/session/info', everyone(401)),
  route('GET /thoughtspot-demo/prism/preauth/info', everyone(200)),
  route('GET /thoughtspot-demo/', '401 200 200 403 403 200 403 403'),
  route('GET /thoughtspot-demo/v2/', '401 200 200 403 403 200 403 403'),
];
