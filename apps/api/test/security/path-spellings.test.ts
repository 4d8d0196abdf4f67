import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasFeature } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { PERSONAS, type Persona, personaSpecs, type SeededPersonas } from '@portal/testing/personas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../src/plugins/access.js';
import { NON_CANONICAL_PATH, NOT_A_PATH } from '../../src/plugins/request-target.js';
import { type MatrixIds, seedMatrixFixtures } from '../authorization/fixtures.js';
import type { RouteRow } from '../authorization/matrix.js';
import { routesTable } from '../authorization/routes-table.js';
import { type RawReply, rawRequest } from '../support/raw-http.js';

// Access is decided by the route the router matched, never by the URL's spelling (issue 23): every
// registered route, as every persona of the matrix, answers a spelling of its path as it answers
// the canonical path (same status, same kind of body), or refuses it with 400 or 404. Requests go
// over a raw socket, so the request line reaches the server exactly as written. Write routes get
// a body that fails validation and ids that do not exist: nothing changes while access is still
// decided first. Each request signs in with a fresh session, so logout and sign-in are safe.
//
// A refusal of a write must come from the access check, not from what follows it: with an invalid
// body and made-up ids, a request that slipped past the check would still be refused, by the body's
// validation (400) or the handler's lookup (404). So where a persona lacks the access a write route
// declares, its canonical request must answer the check's own 401 or 403, and each spelling must
// answer that same refusal, the router's not-found (no route has that path) or request-target's
// 400 (a path it will not read), each known by its message: never another 400 or 404.

const SEED = Number(process.env.FC_SEED ?? 20261125);
const RANDOM_RUNS = Number(process.env.PATH_SPELLING_RUNS ?? 1500);
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Target = {
  method: string;
  path: string;
  query: string;
  body?: string;
  write: boolean;
  access: RouteAccess;
};

/** A page or route parameter's value when no matrix row gives one: dots and @, as an e-mail id. */
const SAMPLE_PARAM = 'analyst@acme.example';

function canonicalTarget(
  { method, url, access }: { method: string; url: string; access: RouteAccess },
  row: RouteRow | undefined,
  ids: MatrixIds,
): Target {
  const write = WRITE.has(method);
  const params = write ? {} : (row?.params?.(ids) ?? {});
  const path = url
    .replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(write ? `zz-none-${name}` : (params[name] ?? SAMPLE_PARAM)),
    )
    .replace(/\*$/, 'spelling/index.html');
  const query = write || !row?.query ? {} : typeof row.query === 'function' ? row.query(ids) : row.query;
  const search = new URLSearchParams(query).toString();
  return {
    method,
    path,
    query: search ? `?${search}` : '',
    write,
    access,
    ...(write && { body: '"not a body"' }),
  };
}

/** What the access check answers `persona` on a route declaring `access`: 401, 403, or null (let through). */
function declaredRefusal(access: RouteAccess, persona: Persona): 401 | 403 | null {
  if (access === 'public' || access === 'anyone') return null;
  if (persona === 'anonymous') return 401;
  if (access === 'authenticated') return null;
  const spec = personaSpecs[persona];
  const principal = {
    isInternalAdmin: spec.isInternalAdmin ?? false,
    isExternalUser: spec.isExternalUser,
    features: spec.features,
    partnerGrants: spec.partnerAccess,
  };
  return hasFeature(principal, access.feature) ? null : 403;
}

/** A JSON reply's message, or null. */
function messageOf(reply: RawReply): string | null {
  try {
    const value: unknown = JSON.parse(reply.body);
    return value && typeof value === 'object' && 'message' in value ? String(value.message) : null;
  } catch {
    return null;
  }
}

/**
 * Who refused a spelled write: the access check (the canonical request's own refusal, body and
 * all), the router (no route has that path: "Route POST /x not found"), or request-target (its two
 * messages). Anything else is named by its status and body, and fails.
 */
function refusedBy(actual: RawReply, method: string, canonical: RawReply): string {
  if (actual.status === canonical.status && actual.body === canonical.body) return 'the access check';
  const message = messageOf(actual);
  const routerNotFound = new RegExp(`^Route ${method}[ :]\\S+ not found$`);
  if (actual.status === 404 && message !== null && routerNotFound.test(message)) return 'the router';
  if (actual.status === 400 && (message === NON_CANONICAL_PATH || message === NOT_A_PATH)) {
    return 'request-target';
  }
  return `${actual.status} ${actual.body.slice(0, 200)}`;
}
const REFUSERS = ['the access check', 'the router', 'request-target'];

type Spelling =
  | { kind: 'encode'; picks: number[]; upper: boolean }
  | { kind: 'absolute'; scheme: 'http' | 'HTTP' }
  | { kind: 'double-slash' | 'dot-segment' | 'encoded-dot' | 'trailing-slash' | 'matrix-param'; at: number }
  | { kind: 'head' | 'options' };

const spelling: fc.Arbitrary<Spelling> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('encode' as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
      upper: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constant('absolute' as const),
    scheme: fc.constantFrom('http' as const, 'HTTP' as const),
  }),
  fc.record({
    kind: fc.constantFrom(
      'double-slash' as const,
      'dot-segment' as const,
      'encoded-dot' as const,
      'trailing-slash' as const,
      'matrix-param' as const,
    ),
    at: fc.nat(),
  }),
  fc.record({ kind: fc.constantFrom('head' as const, 'options' as const) }),
);

const hex = (char: string, upper: boolean) => {
  const bytes = Buffer.from(char, 'utf8');
  return [...bytes]
    .map((b) => `%${b.toString(16).padStart(2, '0')}`)
    .map((e) => (upper ? e.toUpperCase() : e))
    .join('');
};

/** Slash positions of `path` (segment starts). */
const slashes = (path: string) => [...path].flatMap((c, i) => (c === '/' ? [i] : []));

/** The request line `spelling` makes of `target`, and the method it goes with. */
function spell(target: Target, s: Spelling, port: number): { method: string; line: string } {
  const { path, query } = target;
  const at = (n: number, list: number[]) => list[n % list.length] ?? 0;
  switch (s.kind) {
    case 'encode': {
      // Percent-encode some characters (never '%' or '/', whose encoding changes the path's meaning).
      const chars = [...path];
      const candidates = chars.flatMap((c, i) => (c === '/' || c === '%' ? [] : [i]));
      const chosen = new Set(s.picks.map((p) => at(p, candidates)));
      const spelled = chars.map((c, i) => (chosen.has(i) ? hex(c, s.upper) : c)).join('');
      return { method: target.method, line: spelled + query };
    }
    case 'absolute':
      return { method: target.method, line: `${s.scheme}://127.0.0.1:${port}${path}${query}` };
    case 'double-slash': {
      const i = at(s.at, slashes(path));
      return { method: target.method, line: `${path.slice(0, i)}/${path.slice(i)}${query}` };
    }
    case 'dot-segment': {
      const i = at(s.at, slashes(path));
      return { method: target.method, line: `${path.slice(0, i)}/.${path.slice(i)}${query}` };
    }
    case 'encoded-dot': {
      const i = at(s.at, slashes(path));
      return { method: target.method, line: `${path.slice(0, i)}/%2E${path.slice(i)}${query}` };
    }
    case 'trailing-slash':
      return { method: target.method, line: `${path}/${query}` };
    case 'matrix-param': {
      // After a segment: `/api;v=1/users`.
      const ends = [...slashes(path).slice(1), path.length];
      const i = at(s.at, ends);
      return { method: target.method, line: `${path.slice(0, i)};v=1${path.slice(i)}${query}` };
    }
    case 'head':
      return { method: target.method === 'GET' ? 'HEAD' : target.method, line: path + query };
    case 'options':
      return { method: 'OPTIONS', line: path + query };
  }
}

/** The kind of body a reply has: what a caller learns beyond the status. */
function bodyClass(reply: RawReply): string {
  const type = (reply.headers['content-type'] ?? '').split(';')[0] ?? '';
  if (!reply.body) return `empty ${type}`;
  if (type.endsWith('json')) {
    try {
      const value: unknown = JSON.parse(reply.body);
      if (Array.isArray(value)) return 'json list';
      return value && typeof value === 'object' && 'message' in value ? 'json message' : 'json object';
    } catch {
      return 'json unreadable';
    }
  }
  return type;
}

describe('every spelling of a path meets the same access check', () => {
  let t: TestApp;
  let dist: string;
  let port: number;
  let personas: SeededPersonas;
  let ids: MatrixIds;
  const routes: { key: string; target: Target }[] = [];
  const canonical = new Map<string, RawReply>();

  const withBody = (method: string) => method !== 'HEAD' && method !== 'OPTIONS';
  // Each request comes from a loopback address of its own: a route's per-address limit (sign-in,
  // unsubscribe) must not answer 429 in place of the route because the sweeps call it often.
  let clients = 0;
  const nextClient = () => {
    clients += 1;
    return `127.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  };
  const send = async (persona: Persona, method: string, line: string, target: Target) =>
    rawRequest(port, {
      method,
      target: line,
      localAddress: nextClient(),
      headers: {
        ...(await personas.headers(persona)),
        ...(target.body && withBody(method) && { 'content-type': 'application/json' }),
      },
      body: withBody(method) ? target.body : undefined,
    });

  const canonicalReply = async (persona: Persona, target: Target) => {
    const key = `${persona} ${target.method} ${target.path}`;
    let reply = canonical.get(key);
    if (!reply) {
      reply = await send(persona, target.method, target.path + target.query, target);
      canonical.set(key, reply);
    }
    return reply;
  };

  /**
   * Fails unless `spelled` answers as the canonical request did, or refuses with 400 or 404; a
   * write the persona may not call, unless the access check, the router or request-target refuses it.
   */
  const check = async (persona: Persona, target: Target, s: Spelling) => {
    const expected = await canonicalReply(persona, target);
    const { method, line } = spell(target, s, port);
    const actual = await send(persona, method, line, target);
    const what = `${persona}: ${method} ${line} (canonical ${target.method} ${target.path}: ${expected.status})`;
    expect(actual.status, `${what} answered ${actual.status} ${actual.body.slice(0, 200)}`).toBeLessThan(500);
    const refusal = target.write ? declaredRefusal(target.access, persona) : null;
    if (refusal !== null) {
      expect(expected.status, `${what}: the canonical request must meet the access check`).toBe(refusal);
      expect(REFUSERS, `${what} answered ${actual.status} ${actual.body.slice(0, 200)}`).toContain(
        refusedBy(actual, method, expected),
      );
      return;
    }
    if (actual.status === 400 || actual.status === 404) return;
    expect(actual.status, what).toBe(expected.status);
    if (method === 'HEAD' || expected.status === 302) return;
    expect(bodyClass(actual), what).toBe(bodyClass(expected));
  };

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Partner Portal</title>');
    await writeFile(join(dist, 'assets', 'index-AbC123.js'), 'export {};\n');
    t = await createTestApp({ WEB_DIST: dist, LOGIN_RATE_LIMIT: '100000' });
    ({ personas, ids } = await seedMatrixFixtures(t.database.db, t.app.blobStore));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    const rows = new Map(routesTable.map((row) => [row.route, row]));
    for (const route of t.app.accessTable) {
      const key = `${route.method} ${route.url}`;
      routes.push({ key, target: canonicalTarget(route, rows.get(key), ids) });
    }
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('covers every registered route: the API, the queue board, the docs, the pages and the files', () => {
    const keys = routes.map((r) => r.key);
    for (const key of [
      'GET /api/users',
      'GET /admin/queues/api/queues',
      'GET /api/docs/json',
      'GET /healthz',
    ]) {
      expect(keys).toContain(key);
    }
    expect(keys).toContain('GET /admin/:tenantId/saas-users/edit/:userId');
    expect(keys).toContain('GET /assets/index-AbC123.js');
    expect(keys).toEqual(expect.arrayContaining(routesTable.map((row) => row.route)));
  });

  it('answers /%61pi/users as /api/users: 401 with no session, and never the list', async () => {
    const reply = await rawRequest(port, { method: 'GET', target: '/%61pi/users' });
    expect(reply.status).toBe(401);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const board = await rawRequest(port, { method: 'GET', target: '/%61dmin/queues/api/queues' });
    expect(board.status).toBe(401);
    const absolute = await rawRequest(port, { method: 'GET', target: `http://127.0.0.1:${port}/api/users` });
    expect(absolute.status).toBe(401);
    const dotted = await rawRequest(port, { method: 'GET', target: '/x/../api/users' });
    expect([dotted.status, dotted.body]).toEqual([400, JSON.stringify({ message: NON_CANONICAL_PATH })]);
  });

  // The sweeps send two requests for each route and persona (or generated spelling), one after
  // another (a write of one persona must not land between another's two): thousands of requests,
  // which a loaded CI machine answers in more than the default 30 s. The bound is the sweep's size.
  const SWEEP_TIMEOUT_MS = 180_000;

  it('gives every route, as every persona, the same answer with one letter percent-encoded', {
    timeout: SWEEP_TIMEOUT_MS,
  }, async () => {
    for (const { target } of routes) {
      for (const persona of PERSONAS) {
        await check(persona, target, { kind: 'encode', picks: [0], upper: false });
      }
    }
  });

  it('gives every route, as every persona, the same answer in absolute form', {
    timeout: SWEEP_TIMEOUT_MS,
  }, async () => {
    for (const { target } of routes) {
      for (const persona of PERSONAS) {
        await check(persona, target, { kind: 'absolute', scheme: 'http' });
      }
    }
  });

  it('answers generated spellings of every route as the canonical path, or with 400 or 404', {
    timeout: SWEEP_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...PERSONAS),
        spelling,
        async ({ target }, persona, s) => check(persona, target, s),
      ),
      { numRuns: RANDOM_RUNS, seed: SEED },
    );
  });

  it('refuses a route that declares no access: the app does not build', async () => {
    let refusal: unknown;
    const other = await createTestApp(
      {},
      {
        beforeReady(app) {
          try {
            app.get('/undeclared', async () => ({ ok: true }));
          } catch (error) {
            refusal = error;
          }
        },
      },
    );
    await other.close();
    expect(String(refusal)).toMatch(/Route GET \/undeclared declares no access requirement/);
  });
});
