import type { FastifyRequest } from 'fastify';

// What the request log may say of a URL. Links that act without a session carry their secret in
// the URL: an invitation's single-use token in the query (`?token=`), a one-click unsubscribe
// token in the path (`/unsubscribe/{token}`). Whoever reads the log must not be able to use them.
//
// The log line is written when the request comes in, before any handler, and for every request,
// those the router does not match included (a mistyped or oddly spelt link still carries its
// token), so the path is redacted by pattern rather than by the matched route: a route parameter
// named `token` (or `...Token`) is secret, and the fixed segment in front of it in the route's
// path (`unsubscribe`) marks, in any URL, where a secret begins. Everything after that segment is
// replaced, however it is spelt: letters percent-encoded, any case, `;` or `\` as separators.

const SECRET_PARAM = /^:(token|\w*Token)$/;
const REDACTED = '[redacted]';

/**
 * The fixed segments that stand before a secret parameter in a route's path
 * (`/api/unsubscribe/:token` → `unsubscribe`), lower-cased.
 */
export function secretPathWords(routeUrl: string): string[] {
  const segments = routeUrl.split('/');
  const words: string[] = [];
  segments.forEach((segment, i) => {
    if (!SECRET_PARAM.test(segment)) return;
    const fixed = segments.slice(0, i).findLast((before) => before !== '' && !before.startsWith(':'));
    // A secret with no fixed segment before it could not be told apart from any other path.
    if (fixed === undefined)
      throw new Error(`${routeUrl}: a secret parameter needs a fixed segment before it`);
    words.push(fixed.toLowerCase());
  });
  return words;
}

/** The request as the log records it (Fastify's fields), its URL without secrets. */
export function requestLogValue(request: FastifyRequest, secretWords: ReadonlySet<string>) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url, secretWords),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function redactUrl(url: string, secretWords: ReadonlySet<string>): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt);
  return redactPathSecrets(path, secretWords) + redactQueryTokens(query);
}

const isSeparator = (char: string) => char === '/' || char === '\\' || char === ';';

/** The path up to the first segment that is one of `words`, then `/[redacted]` for the rest. */
export function redactPathSecrets(path: string, words: ReadonlySet<string>): string {
  // The path as the router would read it, each decoded character remembering where it ends in
  // the raw path (a %XX escape is three raw characters).
  let decoded = '';
  const rawEnds: number[] = [];
  for (let i = 0; i < path.length; ) {
    const escaped = /^%([0-9a-f]{2})/i.exec(path.slice(i, i + 3));
    decoded += escaped ? String.fromCharCode(Number.parseInt(escaped[1]!, 16)) : path[i];
    i += escaped ? 3 : 1;
    rawEnds.push(i);
  }
  const lower = decoded.toLowerCase();
  let start = 0;
  for (let i = 0; i <= lower.length; i++) {
    if (i < lower.length && !isSeparator(lower[i]!)) continue;
    const rest = lower.slice(i);
    if (words.has(lower.slice(start, i)) && [...rest].some((char) => !isSeparator(char))) {
      return `${path.slice(0, rawEnds[i - 1])}/${REDACTED}`;
    }
    start = i + 1;
  }
  return path;
}

/** `?…&token=…` with the token's value replaced, however its name is spelt. */
function redactQueryTokens(query: string): string {
  if (query === '') return query;
  const parts = query
    .slice(1)
    .split('&')
    .map((part) => {
      const name = part.split('=', 1)[0] ?? '';
      return queryName(name) === 'token' ? `${name}=${REDACTED}` : part;
    });
  return `?${parts.join('&')}`;
}

/** The name as the query parser reads it (percent-decoded, '+' as space). */
function queryName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}
