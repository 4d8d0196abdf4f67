import { readdir } from 'node:fs/promises';
import { createTestApp, type TestApp } from '@portal/testing/api';
import type { Persona, SeededPersonas } from '@portal/testing/personas';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MatrixIds, seedMatrixFixtures } from '../authorization/fixtures.js';
import { ownPartnerOf } from '../authorization/matrix.js';
import { routesTable } from '../authorization/routes-table.js';
import { PNG_1x1 } from '../support/multipart.js';
import {
  type DriveRow,
  type MultipartBase,
  seedProxiedDashboards,
  uncoveredWriteRoutes,
  WRITE_ROUTES,
} from './write-routes-table.js';

// ISSUE 11 "Must show": every registered write route, whatever its prefix (the app's own list of
// its routes, app.registeredRoutes), driven as its row in write-routes-table.ts says, with
// generated bodies (NUL, lone surrogates, huge strings, wrong types, missing and extra fields),
// multipart parts, path parameters and, where the route declares a query schema, query values.
// Whatever is sent: no 5xx, and after a 4xx no table of the app has gained or lost a row, no file
// was stored and no queue key appeared or went in Redis (nothing half-written).
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 25);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// ---- generated values ----------------------------------------------------------------------
const nastyString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\ud83d',
    '',
    ' ',
    '..',
    '../../etc/passwd',
    '%00',
    '\u202e',
    'null',
    'true',
    '0',
    '-1',
    '1e309',
    '9'.repeat(40),
    '<script>alert(1)</script>',
    '__proto__',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 12 }).map((s) => `${s}\u0000`),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.integer(),
  fc.constantFrom(2_147_483_648, -1, 0, 1.5, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

type JsonMutation =
  | { kind: 'none' }
  | { kind: 'set' | 'drop'; pick: number; value: unknown }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'replace'; value: unknown }
  | { kind: 'param'; pick: number; text: string }
  /** A declared query parameter given a value (or `name`, an undeclared one, when set). */
  | { kind: 'query'; pick: number; text: string; name: string | null };
const jsonMutations: fc.Arbitrary<JsonMutation>[] = [
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constantFrom('set' as const, 'drop' as const), pick: fc.nat(), value: nastyValue }),
  fc.record({ kind: fc.constant('extra' as const), pick: fc.nat(), key: nastyString, value: nastyValue }),
  fc.record({ kind: fc.constant('replace' as const), value: nastyValue }),
  fc.record({ kind: fc.constant('param' as const), pick: fc.nat(), text: nastyString }),
];
const queryMutation: fc.Arbitrary<JsonMutation> = fc.record({
  kind: fc.constant('query' as const),
  pick: fc.nat(),
  text: nastyString,
  name: fc.option(nastyString, { freq: 4, nil: null }),
});
/** Query values are mutated only where the route declares its query parameters. */
const jsonMutation = (declaresQuery: boolean): fc.Arbitrary<JsonMutation> =>
  fc.oneof(...jsonMutations, ...(declaresQuery ? [queryMutation, queryMutation] : []));

type MultipartMutation =
  | { kind: 'none' | 'noBoundary' }
  | { kind: 'field' | 'dropField' | 'fileName' | 'fieldName'; pick: number; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'truncate'; pick: number }
  | { kind: 'param'; pick: number; text: string };
const multipartMutation: fc.Arbitrary<MultipartMutation> = fc.oneof(
  fc.constantFrom({ kind: 'none' as const }, { kind: 'noBoundary' as const }),
  fc.record({
    kind: fc.constantFrom('field' as const, 'dropField' as const, 'fileName' as const, 'fieldName' as const),
    pick: fc.nat(),
    text: nastyString,
  }),
  fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 200 }) }),
  fc.record({ kind: fc.constant('truncate' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('param' as const), pick: fc.nat(), text: nastyString }),
);

// ---- building requests -----------------------------------------------------------------------
type Path = (string | number)[];

/** Every place in a JSON value a mutation may touch: each property and element, at any depth. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function mutateBody(base: unknown, mutation: JsonMutation): unknown {
  if (mutation.kind === 'replace') return mutation.value;
  if (mutation.kind === 'none' || mutation.kind === 'param' || mutation.kind === 'query') return base;
  const body = structuredClone(base ?? {}) as Record<string | number, unknown>;
  const paths = pathsOf(body);
  if (mutation.kind === 'extra') {
    const objects = [[], ...paths].filter((path) => {
      const target = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], body);
      return target !== null && typeof target === 'object' && !Array.isArray(target);
    });
    // A body that is a list of scalars (the role edit's list of roleId) has no object: the extra
    // goes in as one more element.
    if (objects.length === 0) return Array.isArray(body) ? [...body, mutation.value] : mutation.value;
    const path = objects[mutation.pick % objects.length] as Path;
    const target = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], body);
    (target as Record<string, unknown>)[mutation.key] = mutation.value;
    return body;
  }
  if (paths.length === 0) return mutation.value;
  const path = paths[mutation.pick % paths.length] as Path;
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], body) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1] as string | number;
  if (mutation.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else {
    parent[key] = mutation.value;
  }
  return body;
}

/** A path segment as a client would send it; a lone surrogate as its WTF-8 bytes. */
function encodeSegment(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      encoded += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

/** The path with its parameters, a wildcard's tail segment by segment, and a query if any. */
function fillPath(path: string, params: Record<string, string>, query: Record<string, string> = {}): string {
  const filled = path
    .replace(/:(\w+)/g, (_, name: string) => encodeSegment(params[name] ?? 'missing'))
    .replace(/\*$/, () => (params['*'] ?? '').split('/').map(encodeSegment).join('/'));
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

function withQuery(query: Record<string, string>, declared: readonly string[], mutation: JsonMutation) {
  if (mutation.kind !== 'query') return query;
  const name = mutation.name ?? declared[mutation.pick % declared.length];
  return name === undefined ? query : { ...query, [name]: mutation.text };
}

function withParam(params: Record<string, string>, pick: number, text: string) {
  const names = Object.keys(params);
  if (names.length === 0) return params;
  return { ...params, [names[pick % names.length] as string]: text };
}

const BOUNDARY = '----portalfuzz';
function multipartBody(base: MultipartBase, mutation: MultipartMutation) {
  const fields = Object.entries(base.fields);
  let fileName = base.fileName;
  let fileField = base.fileField;
  let bytes: Buffer = base.content === 'png' ? PNG_1x1 : Buffer.from('store,amount\n101,1\n');
  if (mutation.kind === 'field' && fields.length > 0) {
    const index = mutation.pick % fields.length;
    fields[index] = [(fields[index] as [string, string])[0], mutation.text];
  }
  if (mutation.kind === 'dropField' && fields.length > 0) fields.splice(mutation.pick % fields.length, 1);
  if (mutation.kind === 'fieldName') fields.push([mutation.text, 'x']);
  if (mutation.kind === 'fileName') fileName = mutation.text;
  if (mutation.kind === 'fieldName' && mutation.pick % 2 === 0) fileField = mutation.text;
  if (mutation.kind === 'bytes') bytes = Buffer.from(mutation.bytes);
  const payload = Buffer.concat([
    ...fields.map(([name, value]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return {
    payload: mutation.kind === 'truncate' ? payload.subarray(0, mutation.pick % payload.length) : payload,
    contentType:
      mutation.kind === 'noBoundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

// ---- the test -----------------------------------------------------------------------------------
describe('every write route against generated input', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let ids: MatrixIds;
  let tables: string[];
  let redis: Redis;
  const headers = new Map<Persona, Record<string, string>>();

  beforeAll(async () => {
    t = await createTestApp();
    ({ personas, ids } = await seedMatrixFixtures(t.database.db, t.app.blobStore));
    await seedProxiedDashboards(t.database.db);
    redis = new Redis(t.config.REDIS_URL, { maxRetriesPerRequest: 1 });
    const rows = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(t.database.db);
    tables = rows.rows.map((row) => row.table_name);
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  /** One session per persona for the whole run: a new one per request would itself add rows. */
  const as = async (persona: Persona) => {
    let cached = headers.get(persona);
    if (!cached) {
      cached = await personas.headers(persona);
      headers.set(persona, cached);
    }
    return cached;
  };

  /** This app's queue keys in Redis (Bull Board writes there); rate-limit counters are not writes. */
  const queueKeys = async () =>
    (await redis.keys(`${t.queuePrefix}:*`)).filter((key) => !key.includes(':rate-limit:')).sort();

  /** Row counts of every table of the app, the stored files and the queue keys. */
  const snapshot = async () => {
    const counts = await sql<{ name: string; n: string }>`${sql.raw(
      tables.map((name) => `select '${name}' as name, count(*) as n from "${name}"`).join(' union all '),
    )}`.execute(t.database.db);
    const files = (await readdir(t.filesDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath}/${entry.name}`)
      .sort();
    return {
      rows: Object.fromEntries(counts.rows.map((row) => [row.name, Number(row.n)])),
      files,
      queueKeys: await queueKeys(),
    };
  };

  /**
   * Forgets the rate-limit counters: one route's runs must not use up the allowance the next
   * route's unchanged request needs (the webhook test send and redelivery share one endpoint's).
   */
  const forgetRateLimits = async () => {
    const counters = await redis.keys(`${t.queuePrefix}:rate-limit:*`);
    if (counters.length > 0) await redis.del(...counters);
  };

  /** Every write route the app registered, whatever its prefix. */
  const registeredWriteRoutes = () => [
    ...new Set(
      t.app.registeredRoutes.filter((r) => WRITE_METHODS.has(r.method)).map((r) => `${r.method} ${r.url}`),
    ),
  ];
  const declaredQuery = (key: string) =>
    t.app.registeredRoutes.find((r) => `${r.method} ${r.url}` === key)?.query ?? [];

  it('sees the write routes outside /api: Bull Board, the dashboard proxies, the demo Tableau sign-in', () => {
    const registered = registeredWriteRoutes();
    expect(registered).toContain('PUT /admin/queues/api/queues/:queueName/pause');
    expect(registered).toContain('POST /vizportal/api/web/v1/auth/embed/signin');
    expect(registered).toContain('POST /content/*');
  });

  it('has a row for every registered write route, and no row for a route that is gone', () => {
    expect(uncoveredWriteRoutes(registeredWriteRoutes(), WRITE_ROUTES)).toEqual({
      undriven: [],
      unknown: [],
    });
  });

  it('names a newly registered write route that has no row', () => {
    const withNewRoutes = [...registeredWriteRoutes(), 'POST /api/new-thing', 'PUT /admin/new-thing'];
    expect(uncoveredWriteRoutes(withNewRoutes, WRITE_ROUTES).undriven).toEqual([
      'POST /api/new-thing',
      'PUT /admin/new-thing',
    ]);
  });

  /** The unchanged request of a row: its matrix row's params, query and body, its upload, or what it prepares. */
  const baseOf = async (key: string, row: DriveRow) => {
    if (row.prepare) {
      const prepared = await row.prepare({ app: t.app, ids, headers: await as(row.persona) });
      return { query: {}, ...prepared };
    }
    const matrixRow = routesTable.find((r) => r.route === key);
    const partner = ownPartnerOf(row.persona);
    const params: Record<string, string> = {
      ...matrixRow?.params?.(ids),
      ...(key.includes(':partnerCode') && {
        accessTypeCode: partner.accessTypeCode,
        partnerCode: partner.partnerCode,
      }),
      ...row.params?.(ids),
    };
    const query = typeof matrixRow?.query === 'function' ? matrixRow.query(ids) : (matrixRow?.query ?? {});
    const body = typeof matrixRow?.body === 'function' ? matrixRow.body(ids) : matrixRow?.body;
    return { params, query, body, cookie: undefined as string | undefined };
  };

  const send = async (
    key: string,
    row: DriveRow,
    request: { url: string; payload?: Buffer | string; contentType?: string; cookie?: string | undefined },
  ) => {
    const method = key.split(' ')[0] as 'POST';
    const persona = await as(row.persona);
    const cookie = [persona.cookie, request.cookie].filter(Boolean).join('; ');
    return t.app.inject({
      method,
      url: request.url,
      ...(request.payload !== undefined && { payload: request.payload }),
      headers: {
        ...persona,
        ...(cookie && { cookie }),
        ...(request.contentType && { 'content-type': request.contentType }),
      },
    });
  };

  /**
   * The state after the last refused request, which is the state before the next one: nothing else
   * writes in this app (no relay, no workers). Taken again after anything that may have written.
   */
  let unchangedSince: Awaited<ReturnType<typeof snapshot>> | undefined;

  /** Sends one request; a 5xx fails, and so does any change after a 4xx. */
  const probe = async (key: string, row: DriveRow, request: Parameters<typeof send>[2], what: unknown) => {
    const before = unchangedSince ?? (await snapshot());
    unchangedSince = undefined;
    const reply = await send(key, row, request);
    const context = `${key} ${JSON.stringify(what)?.slice(0, 300)} → ${reply.statusCode} ${reply.body.slice(0, 200)}`;
    expect(reply.statusCode, context).toBeLessThan(500);
    if (reply.statusCode >= 400) {
      const after = await snapshot();
      expect(after, context).toEqual(before);
      unchangedSince = after;
    }
    return reply;
  };

  /** The unchanged request must reach the handler and succeed (or answer the row's `base`). */
  const expectBase = (key: string, row: DriveRow, reply: { statusCode: number; body: string }) => {
    const context = `${key}: the base request answered ${reply.statusCode} ${reply.body.slice(0, 200)}`;
    if (row.base !== undefined) expect(reply.statusCode, context).toBe(row.base);
    else expect(reply.statusCode >= 200 && reply.statusCode < 300, context).toBe(true);
  };

  for (const [key, row] of Object.entries(WRITE_ROUTES)) {
    it(`${key}: no 5xx and nothing half-written`, async () => {
      const path = key.split(' ')[1] as string;
      unchangedSince = undefined;
      await forgetRateLimits();
      const base = await baseOf(key, row);
      const { cookie } = base;
      const multipart = row.multipart;
      if (multipart) {
        const first = multipartBody(multipart, { kind: 'none' });
        expectBase(key, row, await probe(key, row, { url: fillPath(path, base.params), ...first }, 'base'));
        await fc.assert(
          fc.asyncProperty(multipartMutation, async (mutation) => {
            const params =
              mutation.kind === 'param' ? withParam(base.params, mutation.pick, mutation.text) : base.params;
            const body = multipartBody(multipart, mutation);
            await probe(key, row, { url: fillPath(path, params), ...body }, mutation);
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
        return;
      }
      const json = (body: unknown) =>
        body === undefined
          ? {}
          : { payload: JSON.stringify(body) ?? 'null', contentType: 'application/json' };
      expectBase(
        key,
        row,
        await probe(
          key,
          row,
          { url: fillPath(path, base.params, base.query), ...json(base.body), cookie },
          'base',
        ),
      );
      const declared = declaredQuery(key);
      await fc.assert(
        fc.asyncProperty(jsonMutation(declared.length > 0), async (mutation) => {
          const params =
            mutation.kind === 'param' ? withParam(base.params, mutation.pick, mutation.text) : base.params;
          const query = withQuery(base.query, declared, mutation);
          await probe(
            key,
            row,
            { url: fillPath(path, params, query), ...json(mutateBody(base.body, mutation)), cookie },
            mutation,
          );
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  }
});
