import type { DashboardType } from './dashboard-type.js';

// SPEC.md §5 (Dashboard): the URL host is removed on save, and embed URLs must match safe
// patterns: /content/… for RStudio (Posit Connect), /t/… for Tableau, and a QuickSight embed
// address on an allowed regional host. RStudio and Tableau paths are served by the portal's own
// origin (a reverse proxy), so only the path is kept; a QuickSight address keeps its path too,
// and GET /api/quicksight/{dashboardId} turns it into a fresh single-use embed URL.

export type DashboardUrlResult = { ok: true; dashboardUrl: string } | { ok: false; reason: string };

export type DashboardUrlOptions = {
  /** QuickSight hosts embed addresses may come from, e.g. us-east-1.quicksight.aws.amazon.com. */
  quicksightHosts: readonly string[];
};

export const DASHBOARD_URL_REASONS = {
  blank: 'This field is required.',
  thoughtspot:
    'A ThoughtSpot dashboard is given by its pinboard id: letters, digits, dashes and underscores.',
  characters: 'The URL must not contain spaces, backslashes, quotes, angle brackets or control characters.',
  encoded: 'The URL must not contain encoded dots, slashes or backslashes (%2e, %2f, %5c).',
  scheme: 'Only https and http addresses are allowed.',
  relative: 'The URL must be a path starting with /, or a full https address.',
  dotSegments: 'The URL must not contain empty, . or .. path segments.',
  fragment: 'The URL must not contain a fragment (#).',
  rstudio:
    'An RStudio dashboard URL must be a Posit Connect content path under /content/, for example /content/sales-overview/.',
  tableau: 'A Tableau dashboard URL must be a view path under /t/, for example /t/site/views/Workbook/View.',
  quicksight:
    'A QuickSight dashboard URL must be an embed address https://{region}.quicksight.aws.amazon.com/embed/{session}/dashboards/{dashboardId}.',
} as const;

export function quicksightHostsReason(hosts: readonly string[]): string {
  const list = hosts.length ? hosts.join(', ') : 'none is configured';
  return `QuickSight embed addresses must be on an allowed QuickSight host (${list}).`;
}

const REGIONAL_QUICKSIGHT_HOST = /^[a-z]{2}(-gov)?-[a-z]+-\d+\.quicksight\.aws\.amazon\.com$/;
const SEGMENT = /^(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})+$/;
const QUERY = /^(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*$/;
const PINBOARD_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const QUICKSIGHT_EMBED_PATH = /^\/embed\/[\w-]+\/dashboards\/([\w-]+)$/;

/** A QuickSight regional console host: {region}.quicksight.aws.amazon.com. */
export function isQuickSightRegionalHost(host: string): boolean {
  return REGIONAL_QUICKSIGHT_HOST.test(host.toLowerCase());
}

const fail = (reason: string): DashboardUrlResult => ({ ok: false, reason });

/** Validates a dashboard URL for its type and returns what is stored: host removed, path kept. */
export function prepareDashboardUrl(
  type: DashboardType,
  input: string,
  options: DashboardUrlOptions,
): DashboardUrlResult {
  const value = input.trim();
  if (!value) return fail(DASHBOARD_URL_REASONS.blank);
  if (type === 'THOUGHTSPOT') {
    return PINBOARD_ID.test(value)
      ? { ok: true, dashboardUrl: value }
      : fail(DASHBOARD_URL_REASONS.thoughtspot);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\s\\"'<>`\u0000-\u001f\u007f]/.test(value)) return fail(DASHBOARD_URL_REASONS.characters);
  if (/%(2e|2f|5c)/i.test(value)) return fail(DASHBOARD_URL_REASONS.encoded);
  if (value.includes('#')) return fail(DASHBOARD_URL_REASONS.fragment);

  const local = stripHost(type, value, options);
  if (!local.ok) return local;
  const [path = '', ...rest] = local.dashboardUrl.split('?');
  const query = rest.join('?');
  const segments = path.split('/').slice(1);
  const inner = path.endsWith('/') ? segments.slice(0, -1) : segments;
  if (inner.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return fail(DASHBOARD_URL_REASONS.dotSegments);
  }
  if (!inner.every((segment) => SEGMENT.test(segment)) || !QUERY.test(query)) {
    return fail(DASHBOARD_URL_REASONS.characters);
  }
  return matchPattern(type, path, query);
}

function stripHost(type: DashboardType, value: string, options: DashboardUrlOptions): DashboardUrlResult {
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value);
  if (!absolute && !value.startsWith('//')) {
    return value.startsWith('/') ? { ok: true, dashboardUrl: value } : fail(DASHBOARD_URL_REASONS.relative);
  }
  let url: URL;
  try {
    url = new URL(value.startsWith('//') ? `https:${value}` : value);
  } catch {
    return fail(DASHBOARD_URL_REASONS.relative);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail(DASHBOARD_URL_REASONS.scheme);
  if (url.username || url.password) return fail(DASHBOARD_URL_REASONS.characters);
  if (type === 'QUICKSIGHT') {
    const host = url.host.toLowerCase();
    const allowed = options.quicksightHosts.map((h) => h.toLowerCase());
    if (url.protocol !== 'https:' || !isQuickSightRegionalHost(host) || !allowed.includes(host)) {
      return fail(quicksightHostsReason(options.quicksightHosts));
    }
  }
  // The raw text after the host, not url.pathname: the URL parser would resolve '..' silently.
  const afterHost = value.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, '').replace(/^\/\/[^/?#]*/, '');
  return { ok: true, dashboardUrl: afterHost.startsWith('/') ? afterHost : `/${afterHost}` };
}

function matchPattern(type: DashboardType, path: string, query: string): DashboardUrlResult {
  const withQuery = query ? `${path}?${query}` : path;
  if (type === 'RSTUDIO') {
    return /^\/content\/[^/]+(\/.*)?$/.test(path)
      ? { ok: true, dashboardUrl: withQuery }
      : fail(DASHBOARD_URL_REASONS.rstudio);
  }
  if (type === 'TABLEAU') {
    return /^\/t\/[^/]+\/[^/].*$/.test(path)
      ? { ok: true, dashboardUrl: withQuery }
      : fail(DASHBOARD_URL_REASONS.tableau);
  }
  // QuickSight embed codes are single-use and expire in 5 minutes (VENDORS.md §3): the query goes.
  return QUICKSIGHT_EMBED_PATH.test(path)
    ? { ok: true, dashboardUrl: path }
    : fail(DASHBOARD_URL_REASONS.quicksight);
}

/** The QuickSight dashboard id of a stored embed path /embed/{session}/dashboards/{id}. */
export function quicksightDashboardIdOf(dashboardUrl: string): string | undefined {
  return QUICKSIGHT_EMBED_PATH.exec(dashboardUrl.split('?')[0] ?? '')?.[1];
}

/** The demo content of the embedded default (ARCHITECTURE.md): /embed/demo/dashboards/{id}. */
export function isDemoQuickSightUrl(dashboardUrl: string): boolean {
  return /^\/embed\/demo\/dashboards\/[\w-]+$/.test(dashboardUrl.split('?')[0] ?? '');
}

/** Which proxied vendor serves a path of the portal's origin: /content/… Posit Connect, /t/… Tableau. */
export function proxiedDashboardType(path: string): 'RSTUDIO' | 'TABLEAU' | undefined {
  if (path.startsWith('/content/')) return 'RSTUDIO';
  if (path.startsWith('/t/')) return 'TABLEAU';
  return undefined;
}

/** A request path is safe to forward: no dot segments, no encoded dots or slashes, no backslashes. */
export function isForwardablePath(path: string): boolean {
  if (/%(2e|2f|5c)/i.test(path) || path.includes('\\')) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * Is `requestPath` (no query) part of the dashboard stored as `dashboardUrl`: the dashboard's
 * path itself or anything beneath it. The proxy lets a request through only on such a match.
 */
export function dashboardCoversPath(dashboardUrl: string, requestPath: string): boolean {
  const base = (dashboardUrl.split('?')[0] ?? '').replace(/\/+$/, '');
  if (!base || !isForwardablePath(requestPath)) return false;
  return requestPath === base || requestPath.startsWith(`${base}/`);
}

/** The first two segments of a proxied path (/content/{guid}, /t/{site}): what every covering dashboard URL starts with. */
export function dashboardPathStem(requestPath: string): string | undefined {
  const match = /^\/(content|t)\/[^/?]+/.exec(requestPath);
  return match?.[0];
}

/** The type a URL's shape says, when the admin form leaves the type out: /content → RStudio, /t → Tableau, an embed address → QuickSight, a bare id → ThoughtSpot. */
export function inferDashboardType(input: string): DashboardType | undefined {
  const value = input.trim();
  const path = value.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '').replace(/^\/\/[^/?#]*/, '');
  if (path.startsWith('/content/')) return 'RSTUDIO';
  if (path.startsWith('/t/')) return 'TABLEAU';
  if (path.startsWith('/embed/')) return 'QUICKSIGHT';
  if (PINBOARD_ID.test(value)) return 'THOUGHTSPOT';
  return undefined;
}
