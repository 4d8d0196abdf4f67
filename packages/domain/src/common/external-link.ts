// SPEC.md §5: links to other hosts require confirmation ('Warning!' modal of §8).

/**
 * True when following `href` from a page at `currentOrigin` leaves for another host over http(s).
 * Relative links, same-origin links and non-web schemes (mailto:, tel:) stay.
 */
export function isExternalLink(href: string, currentOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(href, currentOrigin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // URL lower-cases a host as it parses it.
  return url.host !== new URL(currentOrigin).host;
}

/** Only http(s) addresses are ever opened from the warning: never javascript: or data: links. */
export function isSafeExternalHref(href: string): boolean {
  try {
    const { protocol } = new URL(href);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
