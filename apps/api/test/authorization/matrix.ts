import type { PartnerGrant } from '@portal/domain';
import {
  OTHER_PARTNER,
  ownPartner,
  PERSONAS,
  type Persona,
  type SeededPersonas,
} from '@portal/testing/personas';
import type { FastifyInstance } from 'fastify';
import type { MatrixIds } from './fixtures.js';

// The machinery of the authorization matrix; the table itself is routes-table.ts.

type Statuses = Record<Persona, number>;
type JsonBody = Record<string, unknown> | unknown[];
type Params = Record<string, string>;

export type RouteRow = {
  /** 'GET /api/partners/:accessTypeCode/:partnerCode', exactly as the route is registered. */
  route: string;
  /** Without a partner in the path: one status per persona, in PERSONAS order. */
  expected?: Statuses;
  /** With :partnerCode in the path: statuses with each persona's own partner, and with another. */
  own?: Statuses;
  other?: Statuses;
  params?: (ids: MatrixIds) => Params;
  query?: Record<string, string> | ((ids: MatrixIds) => Record<string, string>);
  /** A JSON body, or a function of the fixture ids giving one. */
  body?: JsonBody | ((ids: MatrixIds) => JsonBody);
};

type RowOptions = Pick<RouteRow, 'params' | 'query' | 'body'>;

/** '401 200 200 …' in PERSONAS order. */
function statuses(line: string, route: string): Statuses {
  const codes = line.trim().split(/\s+/).map(Number);
  if (codes.length !== PERSONAS.length || codes.some((c) => !Number.isInteger(c) || c < 100 || c > 599)) {
    throw new Error(`${route}: expected ${PERSONAS.length} statuses (${PERSONAS.join(' ')}), got "${line}"`);
  }
  return Object.fromEntries(PERSONAS.map((p, i) => [p, codes[i]])) as Statuses;
}

/** A route without a partner in its path. */
export function route(key: string, expected: string, options: RowOptions = {}): RouteRow {
  return { route: key, expected: statuses(expected, key), ...options };
}

/** A route with :partnerCode in its path: with the persona's own partner, and with another one. */
export function partnerRoute(key: string, own: string, other: string, options: RowOptions = {}): RouteRow {
  return { route: key, own: statuses(own, key), other: statuses(other, key), ...options };
}

export const hasPartnerInPath = (key: string) => key.includes(':partnerCode');

function fill(path: string, params: Params): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name} (give the row params)`);
    return encodeURIComponent(value);
  });
}

/**
 * How the matrix reaches the app: `inject` (Fastify's in-process request), or `socket`, a real
 * HTTP request to the listening server, so the router and not a test shortcut decides.
 */
export type Transport = 'inject' | 'socket';

async function send(
  app: FastifyInstance,
  transport: Transport,
  request: {
    method: string;
    url: string;
    query?: Record<string, string>;
    body?: JsonBody;
    headers: Record<string, string>;
  },
): Promise<number> {
  if (transport === 'inject') {
    const reply = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      query: request.query,
      ...(request.body !== undefined && { payload: request.body as object }),
      headers: request.headers,
    });
    return reply.statusCode;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the matrix app is not listening');
  const search = new URLSearchParams(request.query).toString();
  const reply = await fetch(`http://127.0.0.1:${address.port}${request.url}${search ? `?${search}` : ''}`, {
    method: request.method,
    redirect: 'manual',
    headers: {
      ...request.headers,
      ...(request.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
  });
  await reply.arrayBuffer();
  return reply.status;
}

/** What each persona gets from the row's route, with `partnerFor` choosing the partner in the path. */
export async function run(
  app: FastifyInstance,
  personas: SeededPersonas,
  ids: MatrixIds,
  row: RouteRow,
  partnerFor: (persona: Persona) => PartnerGrant | null = () => null,
  transport: Transport = 'inject',
): Promise<Statuses> {
  const [method, path] = row.route.split(' ') as [string, string];
  const actual = {} as Statuses;
  for (const persona of PERSONAS) {
    const partner = partnerFor(persona);
    const params = {
      ...row.params?.(ids),
      ...(partner && { accessTypeCode: partner.accessTypeCode, partnerCode: partner.partnerCode }),
    };
    const body = typeof row.body === 'function' ? row.body(ids) : row.body;
    actual[persona] = await send(app, transport, {
      method,
      url: fill(path, params),
      query: typeof row.query === 'function' ? row.query(ids) : row.query,
      body,
      headers: await personas.headers(persona),
    });
  }
  return actual;
}

/** The partner of a persona for the 'own' column; personas without one get BJS (which they lack). */
export const ownPartnerOf = (persona: Persona) =>
  ownPartner(persona) ?? { accessTypeCode: 'EXT', partnerCode: 'BJS' };
export const otherPartnerOf = () => OTHER_PARTNER;
