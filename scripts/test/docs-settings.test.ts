import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Env as ApiEnv } from '@portal/api/config';
import { ProviderSchema } from '@portal/api/lib/vendors/oidc-providers';
import { DashboardEnv } from '@portal/api/lib/vendors/vendor-config';
import { FEATURES } from '@portal/domain';
import { SharedEnv } from '@portal/process/env';
import { markdownPages, REPO_ROOT } from '@portal/testing/doc-samples';
import { WebhookEnv } from '@portal/webhooks';
import { Env as WorkerEnv } from '@portal/workers/config';
import { MetricsEnv } from '@portal/workers/observability/metrics-settings';
import { describe, expect, it } from 'vitest';

// Every setting the portal reads is on docs/operating/settings.md, and every setting a page names
// is one the portal reads: a setting added to a schema without its row fails here, and so does a
// page naming a setting that was renamed or never existed.

const SETTINGS_PAGE = 'docs/operating/settings.md';

/** The demo sign-in server and the demo webhook receiver read their few settings from process.env directly. */
function demoSettings(): string[] {
  return ['apps/dev-sso/src/main.ts', 'scripts/demo-webhooks.ts'].flatMap((file) => {
    const source = readFileSync(join(REPO_ROOT, file), 'utf8');
    return [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] as string);
  });
}

/** Every variable the portal's processes read: the keys of every environment schema, and the demo servers'. */
function portalSettings(): Set<string> {
  const schemas = [ApiEnv.properties, WorkerEnv.properties, MetricsEnv.properties, DashboardEnv.properties];
  return new Set([
    ...schemas.flatMap((properties) => Object.keys(properties)),
    ...Object.keys(SharedEnv),
    ...Object.keys(WebhookEnv),
    ...demoSettings(),
  ]);
}

/** Variables the pages name that are not the portal's own: the runtime's, the tests' and tools', the samples'. */
const NOT_OURS = new Set([
  // Node.js, glibc and the image
  'NODE_OPTIONS',
  'NODE_EXTRA_CA_CERTS',
  'GLIBC_TUNABLES',
  // the tests and benchmarks
  'CHROMIUM_PATH',
  'BENCH_ADMIN_URL',
  'FC_SEED',
  'A11Y_REPORT',
  // tools run by hand
  'OPTIC_TELEMETRY_LEVEL',
  // read by the OpenTelemetry exporter itself (a hosted backend's API key), passed through as it is
  'OTEL_EXPORTER_OTLP_HEADERS',
  // read by the partners' webhook receivers of docs/integrating/webhooks.md, not by the portal
  'PARTNER_WEBHOOK_SECRET',
  'RECEIVER_ADDRESS',
  'RECEIVER_PORT',
]);

/** Upper-case names the pages use that are no variables at all: code constants, enum values, role names. */
const NOT_SETTINGS = new Set([
  ...FEATURES,
  'ACCEPTED_IMAGE_TYPES',
  'UNSUBSCRIBE_RATE_LIMIT',
  'WEBHOOK_SEND_LIMITS',
  'BANNER_ACK_HIDE_MS',
  'BANNER_TIME_UNITS',
  'DASHBOARD_SORT_MODES',
  'EARLIEST_FORM_DATE',
  'ISO_DATE',
  'MAX_IMAGE_PIXELS',
  'MAX_IMAGE_SIDE_PX',
  'MAX_TIME_TO_LIVE_SECONDS',
  'NO_FEATURE_REQUIRED',
  'PAGE_VISITS',
  'PUBLIC_PAGE_PATHS',
  'TABLEAU_SCALE_BELOW_PX',
  'AS_THEY_ARRIVE',
  'DAILY_DIGEST',
  'WHEN_REQUIRED',
  'WHEN_SUPPORTED',
  'DATA_GLOBEX',
  'EXT_ONLY_ACME_REGIONAL',
]);

/** A page's prose: its fenced blocks left out (the samples are run by tests of their own). */
function prose(text: string): string {
  return text.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The upper-case names a text uses, and the prefixes it writes as `NAME_*`. */
function namesIn(text: string): { names: Set<string>; prefixes: Set<string> } {
  const body = prose(text);
  const prefixes = new Set(
    [...body.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)_\*/g)].map((m) => `${m[1]}_`),
  );
  const names = new Set([...body.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b(?!_\*)/g)].map((m) => m[0]));
  return { names, prefixes };
}

/** The names a text uses that are neither settings nor listed as something else. */
function unknownSettingNames(text: string, settings: ReadonlySet<string>): string[] {
  const { names, prefixes } = namesIn(text);
  const unknown = [...names].filter((n) => !settings.has(n) && !NOT_OURS.has(n) && !NOT_SETTINGS.has(n));
  // A prefix names a family: of settings (`S3_*`), or of other names (`DATA_*_ONLY_*` roles).
  const known = [...settings, ...NOT_OURS, ...NOT_SETTINGS];
  const unknownPrefixes = [...prefixes].filter((p) => !known.some((name) => name.startsWith(p)));
  return [...unknown, ...unknownPrefixes.map((p) => `${p}*`)].sort();
}

/** The names in the first cell of each table row of a page: `| \`NAME\`, \`OTHER\` | … |`. */
function tableRowNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([A-Za-z][A-Za-z0-9_]*)`/g)) names.add(m[1] as string);
  }
  return names;
}

function undocumentedSettings(settings: Iterable<string>, settingsPage: string): string[] {
  const rows = tableRowNames(settingsPage);
  return [...settings].filter((s) => !rows.has(s)).sort();
}

const read = (page: string) => readFileSync(join(REPO_ROOT, page), 'utf8');
const pages = ['README.md', 'CONTRIBUTING.md', ...markdownPages('docs')];

describe('settings and the docs', () => {
  const settings = portalSettings();

  it('finds the settings of every schema', () => {
    for (const name of [
      'DATABASE_URL',
      'PORT',
      'WORKER_QUEUES',
      'METRICS_PORT',
      'THOUGHTSPOT_HOST',
      'DEV_SSO_PORT',
    ]) {
      expect(settings).toContain(name);
    }
  });

  it(`every setting has its row on ${SETTINGS_PAGE}`, () => {
    expect(undocumentedSettings(settings, read(SETTINGS_PAGE))).toEqual([]);
  });

  it.each(pages)('every setting %s names exists', (page) => {
    expect(unknownSettingNames(read(page), settings)).toEqual([]);
  });

  it(`every field of an OIDC_PROVIDERS entry is on ${SETTINGS_PAGE}, and no other`, () => {
    const text = read(SETTINGS_PAGE);
    const table = text.slice(text.indexOf('| field | required | what it does |'));
    const fields = tableRowNames(table.slice(0, table.indexOf('\n\n')));
    expect([...fields].sort()).toEqual(Object.keys(ProviderSchema.properties).sort());
  });

  it('the lists of other names hold no setting', () => {
    expect([...NOT_OURS, ...NOT_SETTINGS].filter((n) => settings.has(n))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const settingsPage = read(SETTINGS_PAGE);

  it('fail for a setting added to a schema without its row', () => {
    const settings = new Set([...portalSettings(), 'REPORT_PREVIEW_MAX_ROWS']);
    expect(undocumentedSettings(settings, settingsPage)).toEqual(['REPORT_PREVIEW_MAX_ROWS']);
  });

  it('fail for a page naming a setting that does not exist, or a prefix no setting has', () => {
    const page = 'Set `WEBHOOK_TIMEOUT_MS` (and the `IMAP_*` settings) before `DATABASE_URL`.';
    expect(unknownSettingNames(page, portalSettings())).toEqual(['IMAP_*', 'WEBHOOK_TIMEOUT_MS']);
  });

  it('leave the samples to their own tests', () => {
    const page = 'Text.\n\n```sh\nSOME_SHELL_VARIABLE=1 node receiver.mjs\n```\n';
    expect(unknownSettingNames(page, portalSettings())).toEqual([]);
  });
});
