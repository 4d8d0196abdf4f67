/**
 * The request target as one spelling, before the router sees it (RFC 9112 §3.2):
 * - absolute form (`GET http://host/api/users`), which servers must accept, becomes origin form
 *   (`/api/users`), the authority dropped: the Host header alone names the host;
 * - a path with an empty segment (`//`), a dot segment (`.` or `..`, percent-encoded or not), or
 *   a backslash (`\`, `%5c`) is refused with 400 rather than resolved: no page or call of the portal is spelled that way, and resolving
 *   them is how a proxy and the portal come to read one path two ways;
 * - anything else is left as it came: percent-encoding is decoded by the router, and an encoded
 *   slash stays inside its segment (the spec's base64 e-mail segments may hold `/`).
 * The access check never reads the URL: it reads the matched route (route-access.ts).
 */
export type RequestTarget = { url: string } | { refused: string };

export const NON_CANONICAL_PATH =
  'The request path is not canonical: it has an empty or dot segment, or a backslash.';
export const NOT_A_PATH = 'The request target must be a path.';

export function normalizeRequestTarget(raw: string): RequestTarget {
  let target = raw;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target);
  if (absolute) {
    target = target.slice(absolute[0].length);
    if (!target.startsWith('/')) target = `/${target}`;
  }
  if (!target.startsWith('/')) return { refused: NOT_A_PATH };
  return isCanonicalPath(target.split('?')[0]!) ? { url: target } : { refused: NON_CANONICAL_PATH };
}

/** No empty segment but a trailing slash (the root's included), no dot segment (whatever its encoding), no backslash. */
export function isCanonicalPath(path: string): boolean {
  if (path.includes('\\') || /%5c/i.test(path)) return false;
  const segments = path.slice(1).split('/');
  return segments.every((segment, i) =>
    segment === '' ? i === segments.length - 1 : !isDotSegment(segment),
  );
}

/**
 * `.` or `..`, each dot plain or percent-encoded: the only spellings decodeURIComponent reads as
 * dots (an overlong encoding does not decode). A malformed escape is no dot segment: the router refuses it.
 */
function isDotSegment(segment: string): boolean {
  return /^(?:\.|%2e){1,2}$/i.test(segment);
}

/**
 * The router lets a parameter be empty: `/api/dashboards/partners/` (a trailing slash, which is
 * significant here) matched `/api/dashboards/:accessTypeCode/:partnerCode` with no partner code.
 * A path with an empty parameter (the wildcard aside) is no route's path: its 404 message, or
 * undefined when every parameter has a value.
 */
export function emptyParameterRefusal(
  method: string,
  url: string,
  params: Record<string, unknown> | undefined,
): string | undefined {
  if (!params || !Object.entries(params).some(([name, value]) => name !== '*' && value === ''))
    return undefined;
  return `Route ${method} ${url.split('?')[0]} not found`;
}
