import { PAGES, PUBLIC_PAGE_PATHS } from '../navigation/pages.js';

// Sign-in returns to the page that asked for it: the SPA's login page passes the page's path and
// query on, the API keeps it with the pending sign-in (server side, found again by the OpenID
// state) and redirects there once the session is made. A redirect target a link may carry must
// never lead off the portal: only a page of the route table qualifies, as the browser writes its
// address (percent-encoded), so neither `//host`, `/\host`, `https://host` nor an encoded or
// dot-segment spelling of them gets through. Anything else returns to '/'.

/** The longest return target kept; a page's address with its query is far shorter. */
export const RETURN_TO_MAX = 2000;

/** Signing in again, or out, is no place to come back to. */
const NOT_TARGETS: readonly string[] = ['/login', '/logout'];

const TARGET_PATHS: readonly string[][] = [
  ...new Set([...Object.values(PAGES).map((page) => page.path), ...PUBLIC_PAGE_PATHS]),
]
  .filter((path) => !NOT_TARGETS.includes(path))
  .map((path) => path.split('/').slice(1));

/**
 * Printable ASCII, what a browser's pathname and search are made of; no backslash anywhere, and no
 * fragment (the SPA sends pathname and search).
 */
const ADDRESS = /^\/[\x21\x22\x24-\x5b\x5d-\x7e]*$/;

/** A segment as the router reads it (decoded): not empty, no dot segment, no slash or backslash inside. */
function isSegment(raw: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return false;
  }
  return decoded !== '' && decoded !== '.' && decoded !== '..' && !/[/\\]/.test(decoded);
}

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  return (
    pattern.length === segments.length &&
    // A `:name` segment takes any one segment; a literal one only itself.
    pattern.every((part, index) => part.startsWith(':') || part === segments[index])
  );
}

/** `value` when it is a page of the portal to come back to after sign-in (path and query), else null. */
export function returnTarget(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > RETURN_TO_MAX || !ADDRESS.test(value)) return null;
  const queryAt = value.indexOf('?');
  const path = queryAt === -1 ? value : value.slice(0, queryAt);
  if (path === '/') return value;
  const segments = path.split('/').slice(1);
  if (!segments.every(isSegment)) return null;
  return TARGET_PATHS.some((pattern) => matches(pattern, segments)) ? value : null;
}
