// The import rules of the repository, checked by `npm test` (scripts/test.sh, step "imports"):
// every workspace imports only the ones below it, workspaces meet only through their package names,
// production code imports no test code, and no file circles (no two area folders import each other
// around a circle: .dependency-cruiser-areas.cjs, run after this one).
// CONTRIBUTING.md says what each folder is. From the bottom up: domain, process; telemetry; db, storage, webhooks; queue;
// the API, the workers and dev-sso; the test harness (testing/, which starts them); scripts; e2e.
const AREAS =
  '(authentication|reports|admin|saas-users|faq-and-support|forms|dashboards|marketing|banner|monitors|datasets|operations|webhooks)';
const API = '^apps/api/src/';
/** Test code inside a src/ folder (the tests beside the rules, the SPA's src/test/): not production code. */
const TESTS_IN_SRC = '(\\.(test|unit\\.test|typecheck)\\.tsx?$|/src/test/)';

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
        path: '^(apps/[^/]+|packages/[^/]+|workers|scripts|e2e|testing)/',
        pathNot: '^apps/web/vite\\.config\\.ts$',
      },
      to: { dependencyTypes: ['local'], pathNot: ['^$1/', 'node_modules'] },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|packages/(?!domain/)[^/]+|workers|scripts|e2e|testing)/' },
    },
    {
      name: 'telemetry-imports-only-domain',
      comment:
        'Tracing is loaded before everything else (node --import): it knows only the settings reader (process) and domain.',
      severity: 'error',
      from: { path: '^packages/telemetry/src/' },
      to: { path: '^(apps|packages/(?!(domain|process|telemetry)/)[^/]+|workers|scripts|e2e|testing)/' },
    },
    {
      name: 'packages-below-apps',
      comment:
        "Every package is below the API, the workers, the harness, the scripts and the browser tests; a package's tests reach the apps only through the harness.",
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|workers|scripts|e2e)/' },
    },
    {
      name: 'packages-below-the-harness',
      comment: 'The code of a package never imports the test harness (its tests may).',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: TESTS_IN_SRC },
      to: { path: '^testing/' },
    },
    {
      name: 'process-and-domain-at-the-bottom',
      comment: 'process (settings, the stop on SIGTERM) imports nothing of ours, as domain.',
      severity: 'error',
      from: { path: '^packages/process/' },
      to: { path: '^(apps|packages/(?!process/)[^/]+|workers|scripts|e2e|testing)/' },
    },
    {
      name: 'db-storage-webhooks-on-domain-only',
      comment: 'db, storage and webhooks import no package of ours but domain, process and telemetry.',
      severity: 'error',
      from: { path: '^packages/(db|storage|webhooks)/' },
      to: { path: '^packages/', pathNot: ['^packages/(domain|process|telemetry)/', '^packages/$1/'] },
    },
    {
      name: 'queue-on-db-and-domain',
      comment: 'The queue (the outbox and the jobs) imports db, domain, process and telemetry only.',
      severity: 'error',
      from: { path: '^packages/queue/' },
      to: { path: '^packages/', pathNot: '^packages/(domain|process|telemetry|db|queue)/' },
    },
    {
      name: 'apps-and-workers-below-the-harness',
      comment:
        'The API, dev-sso and the workers import packages only: never each other, the harness, the scripts or the browser tests (their tests reach the harness and the other apps through the harness).',
      severity: 'error',
      from: { path: '^(apps/(api|dev-sso)|workers)/src/' },
      to: { path: '^(apps/[^/]+|workers|testing|scripts|e2e)/', pathNot: '^$1/' },
    },
    {
      name: 'app-tests-below-scripts-and-e2e',
      comment:
        'Tests of the API, dev-sso and the workers use the harness, never the scripts or the browser tests.',
      severity: 'error',
      from: { path: '^(apps/[^/]+|workers)/test/' },
      to: { path: '^(scripts|e2e)/' },
    },
    {
      name: 'harness-below-scripts-and-e2e',
      comment: 'The harness starts the apps; the scripts and the browser tests use it, never the reverse.',
      severity: 'error',
      from: { path: '^testing/' },
      to: { path: '^(scripts|e2e)/' },
    },
    {
      name: 'operator-scripts-not-the-harness',
      comment:
        "The operator scripts run in production: only the benchmarks, the fault suite, the scripts' tests and the production check use the harness.",
      severity: 'error',
      from: { path: '^scripts/', pathNot: '^scripts/(bench/|chaos/|test/|production-check\\.ts$)' },
      to: { path: '^testing/' },
    },
    {
      name: 'web-only-domain',
      comment: 'The SPA imports @portal/domain only (reply types from @portal/domain/api as import type).',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^(apps/(?!web/)[^/]+|packages/(?!domain/)[^/]+|workers|scripts|e2e|testing)/' },
    },
    {
      name: 'production-code-not-tests',
      comment:
        'What runs in production imports no test, benchmark, harness or browser-test code: no file is exempt.',
      severity: 'error',
      from: { path: '^(apps/[^/]+/src|packages/[^/]+/src|workers/src)/', pathNot: TESTS_IN_SRC },
      to: { path: '^(e2e|scripts|testing)/|/test/|\\.(test|unit\\.test)\\.tsx?$' },
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
      name: 'api-monitors-and-datasets-not-admin',
      comment:
        'Monitors and datasets are areas of their own: what they share with admin is below them (lib/) or in monitors/, which admin imports.',
      severity: 'error',
      from: { path: `${API}(monitors|datasets)/` },
      to: { path: `${API}admin/` },
    },
    {
      name: 'api-saas-users-not-authentication',
      comment:
        'A sign-in accepts an invitation (authentication imports saas-users), never the reverse: the start of a sign-in is in lib/vendors/oidc-sign-in.ts.',
      severity: 'error',
      from: { path: `${API}saas-users/` },
      to: { path: `${API}authentication/` },
    },
    {
      name: 'api-nothing-in-old-folders',
      comment: 'The API is arranged by area: no routes/, services/ or lib/<area>/ folders again.',
      severity: 'error',
      from: {},
      to: { path: `${API}(routes|services)/|${API}lib/(?!http/|vendors/|service-deps\\.ts$)` },
    },
    {
      name: 'web-page-areas-no-cycle',
      comment:
        'No two page folders of the SPA import each other, directly or through others: what both need moves to components/.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/web/src/pages/[^/]+/' },
      to: { circular: true },
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
