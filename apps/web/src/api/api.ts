import { returnTarget } from '@portal/domain/authentication/return-to';
import { browser } from '../lib/browser.js';

// The fetch layer of SPEC.md §7 "Handling of answers". Every call is JSON, same-origin, and carries
// X-Requested-With, which the server requires on cookie-authenticated writes.

export const LOGIN_PATH = '/login';

/**
 * The login page, told which page to come back to after sign-in (`here`: path and query) when that
 * is a page the sign-in may return to (returnTarget, the rule the API applies again).
 */
export function loginPathFor(here: string): string {
  const target = returnTarget(here);
  return target === null || target === '/'
    ? LOGIN_PATH
    : `${LOGIN_PATH}?returnTo=${encodeURIComponent(target)}`;
}

/** A failed call: the HTTP status, the parsed body and, when the page is being left, where to. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** Set when this failure sent the browser elsewhere: the page is unloading, show nothing. */
    readonly redirectedTo: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to tell the user of a failed write: the server's message, or a general one. */
export function failureMessage(failure: unknown): string {
  return failure instanceof ApiError
    ? failure.message
    : 'The request could not be completed. Please try again.';
}

/** A failure that already sent the browser elsewhere (401 to the login page): the page shows nothing. */
export const isLeaving = (failure: unknown) => failure instanceof ApiError && failure.redirectedTo !== null;

export type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  /**
   * false: report a failure to the caller only, without following a 401 or a `uri`. Used by the
   * authentication probe and the logout call, whose failures the caller turns into screen states.
   * 'login-only': a 401 still leads to the login page, any other failure goes to the caller (the
   * dashboard viewers, whose failures SPEC.md §4 shows and reports in place).
   */
  redirect?: boolean | 'login-only';
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const early = method === 'GET' ? takeEarlyRead(path) : undefined;
  // Without an early read the request goes at once, in this very call.
  const response = (early && (await early)) ?? (await send(method, path, options));
  const payload = await readBody(response);
  if (response.ok) return payload as T;
  throw failure(method, response.status, payload, options.redirect ?? true);
}

function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'portal' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal ?? null });
}

/**
 * Reads sent before the code that uses them had arrived, each answer waiting for its first GET; null
 * when the read was held back (its gate said no), and the taker then asks itself.
 */
const earlyReads = new Map<string, { answer: Promise<Response | null>; sentAt: number }>();

/** An early read is for the first page's first render: one its page never took is not used later. */
const EARLY_READ_LIFETIME_MS = 10_000;

function takeEarlyRead(path: string): Promise<Response | null> | undefined {
  const early = earlyReads.get(path);
  earlyReads.delete(path);
  if (early === undefined || Date.now() - early.sentAt > EARLY_READ_LIFETIME_MS) return undefined;
  return early.answer;
}

function keepEarly(path: string, answer: Promise<Response | null>): void {
  // A read nobody took must not fail as an unhandled rejection; the taker still sees the failure.
  answer.catch(() => {});
  earlyReads.set(path, { answer, sentAt: Date.now() });
}

/**
 * Sends these GET reads now, before the code that handles their answers has been downloaded: the
 * first `get` of each path takes the answer instead of asking again (main.tsx sends the sign-in
 * check this way, while the phone is still receiving the app: issue 24).
 */
export function readEarly(paths: readonly string[]): void {
  for (const path of paths) {
    if (!earlyReads.has(path)) keepEarly(path, send('GET', path, {}));
  }
}

/**
 * Like readEarly, but each read is sent only once `gate` says yes: reads that a signed-out person,
 * or one without access to the page, must not make (their 401 or 403 would be console errors) wait
 * for the answers that decide it. When the gate says no, nothing is sent and the first `get` of the
 * path asks itself, as if there had been no early read.
 */
export function readEarlyWhen(paths: readonly string[], gate: Promise<boolean>): void {
  for (const path of paths) {
    if (earlyReads.has(path)) continue;
    keepEarly(
      path,
      gate.then((open) => (open ? send('GET', path, {}) : null)),
    );
  }
}

/**
 * The JSON of a successful early read, without taking it (its page's own `get` still does); null
 * when it failed, was held back or was never sent. Call it as the read is sent, before any taker
 * could have read the body.
 */
export function peekEarlyRead<T>(path: string): Promise<T | null> {
  const early = earlyReads.get(path);
  if (early === undefined) return Promise.resolve(null);
  return early.answer
    .then(async (response) => (response?.ok ? ((await response.clone().json()) as T) : null))
    .catch(() => null);
}

export const get = <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
  request<T>('GET', path, options);
export const post = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  request<T>('POST', path, { ...options, body });
export const put = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  request<T>('PUT', path, { ...options, body });
export const del = <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options);

export const api = { get, post, put, del, request };

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function failure(
  method: Method,
  status: number,
  body: unknown,
  redirect: NonNullable<RequestOptions['redirect']>,
): ApiError {
  const message = messageOf(body) ?? `Request failed with status ${status}`;
  if (redirect !== false) {
    // An unauthenticated answer always leads to the login page; a failed read that names a
    // `uri` sends the page there, unless the caller shows its own failure ('login-only').
    const target =
      status === 401
        ? loginPathFor(browser.here())
        : method === 'GET' && redirect === true
          ? uriOf(body)
          : null;
    if (target !== null && leaveFor(target)) return new ApiError(status, message, body, target);
  }
  return new ApiError(status, message, body);
}

/** Navigates away unless the page already is the target (which would reload it forever). */
function leaveFor(target: string): boolean {
  const here = browser.here();
  // On the login page already, whatever page it is to return to: staying is right.
  const toLogin = target.split('?')[0] === LOGIN_PATH;
  if (target === here || (toLogin && here.split('?')[0] === LOGIN_PATH)) return false;
  browser.assign(target);
  return true;
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return null;
}

function uriOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'uri' in body && typeof body.uri === 'string') {
    return body.uri;
  }
  return null;
}
