// The import rules of the repository (issue 27), checked by `npm test` (scripts/test.sh, step
// "imports"): lower layers never import higher ones, workspaces meet only through their package
// names, and no file circles. CONTRIBUTING.md says what each folder is.
const AREAS =
  '(authentication|reports|admin|saas-users|faq-and-support|forms|dashboards|marketing|banner|monitors|datasets|operations|webhooks)';
const API = '^apps/api/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'workspace-by-package-name',
      comment:
        'A workspace reaches another only by its package name (@portal/...), never by a relative path into it.',
      severity: 'error',
      from: {
        path: '^(apps/[^/]+|packages/[^/]+|workers|scripts|e2e)/',
        pathNot: '^apps/web/vite\\.config\\.ts$',
      },
      to: { dependencyTypes: ['local'], pathNot: ['^$1/', 'node_modules'] },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|packages/(?!domain/)[^/]+|workers|scripts|e2e)/' },
    },
    {
      name: 'telemetry-imports-only-domain',
      comment: 'Tracing is loaded before everything else (node --import): it knows only the settings reader.',
      severity: 'error',
      from: { path: '^packages/telemetry/src/' },
      to: { path: '^(apps|packages/(?!(domain|telemetry)/)[^/]+|workers|scripts|e2e)/' },
    },
    {
      name: 'packages-below-apps',
      comment: 'db, queue and storage are below the API, the workers, the scripts and the browser tests.',
      severity: 'error',
      from: { path: '^packages/(db|queue|storage|telemetry)/src/' },
      to: { path: '^(apps|workers|scripts|e2e)/' },
    },
    {
      name: 'db-below-queue',
      severity: 'error',
      from: { path: '^packages/(db|storage)/src/' },
      to: { path: '^packages/queue/' },
    },
    {
      name: 'web-only-domain',
      comment: 'The SPA imports @portal/domain only (reply types from @portal/domain/api as import type).',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^(apps/(?!web/)[^/]+|packages/(?!domain/)[^/]+|workers|scripts|e2e)/' },
    },
    {
      name: 'production-code-not-tests',
      comment: 'What runs in production imports no test, benchmark or browser-test code.',
      severity: 'error',
      from: {
        path: '^(apps/[^/]+/src|packages/[^/]+/src|workers/src)/',
        pathNot: '(\\.test\\.tsx?|/testing[^/]*\\.ts|/test/)',
      },
      to: { path: '^(e2e|scripts)/|/test/' },
    },
    {
      name: 'api-http-helpers-lowest',
      comment: 'lib/http knows no other part of the API.',
      severity: 'error',
      from: { path: `${API}lib/http/` },
      to: { path: `${API}`, pathNot: `${API}lib/http/` },
    },
    {
      name: 'api-vendors-below-config',
      comment: 'Vendor adapters know only the HTTP helpers: config.ts reads their settings, not the reverse.',
      severity: 'error',
      from: { path: `${API}lib/(vendors/|service-deps\\.ts)` },
      to: { path: `${API}`, pathNot: `${API}lib/(http|vendors)/` },
    },
    {
      name: 'api-config-below-plugins',
      severity: 'error',
      from: { path: `${API}config\\.ts$` },
      to: { path: `${API}`, pathNot: `${API}lib/` },
    },
    {
      name: 'api-plugins-below-areas',
      comment: 'The plugins (access, auth, errors, input gate, ...) are below every area of the spec.',
      severity: 'error',
      from: { path: `${API}plugins/` },
      to: { path: `${API}`, pathNot: `${API}(lib/|config\\.ts$|plugins/)` },
    },
    {
      name: 'api-areas-below-the-app',
      comment: 'An area never imports the app, the route table or the process files.',
      severity: 'error',
      from: { path: `${API}${AREAS}/` },
      to: { path: `${API}(app|routes|server|start|shutdown)\\.ts$` },
    },
    {
      name: 'api-nothing-in-old-folders',
      comment: 'The API is arranged by area: no routes/, services/ or lib/<area>/ folders again.',
      severity: 'error',
      from: {},
      to: { path: `${API}(routes|services)/|${API}lib/(?!http/|vendors/|service-deps\\.ts$)` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|reports|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    parser: 'swc',
  },
};
