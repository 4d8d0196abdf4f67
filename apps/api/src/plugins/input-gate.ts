import { findForbiddenText } from '@portal/domain';
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http/errors.js';

// ONE input gate (ISSUE 11), so no route has to remember it:
// - text, on EVERY route whatever its prefix (/api, the queue board, the dashboard proxies and
//   their demo sign-in): a NUL or an unpaired UTF-16 surrogate anywhere in the path, the query or
//   a parsed JSON body (values and keys) is refused with 400 naming the field
//   (packages/domain/src/common/input-text.ts). A raw body passed through to a vendor is not read;
// and on the portal's own /api routes:
// - types: bodies are validated without coercion ({"id":true} is not the id 1, {"code":true} not
//   the code "true"); path and query values are strings on the wire, so a number or boolean
//   declared there is read from a plain digit string (or true/false) only: "0x1", "1e0", " 1" fail;
// - every path parameter has a schema (the boot fails otherwise) and every query parameter too:
//   a route without a query schema accepts none, and undeclared query parameters are dropped.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
};

const INTEGER = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

function typesOf(schema: JsonSchema | undefined, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  for (const type of [schema.type ?? []].flat()) into.add(type);
  if (schema.const !== undefined) into.add(typeof schema.const);
  for (const value of schema.enum ?? []) into.add(typeof value);
  for (const member of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    typesOf(member, into);
  }
  return into;
}

function fromString(types: Set<string>, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (types.size === 0 || types.has('string')) return raw;
  if (types.has('integer') && INTEGER.test(raw)) return Number(raw);
  if (types.has('number') && DECIMAL.test(raw)) return Number(raw);
  if (types.has('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/**
 * A reader of a path or query object that reads its declared numbers and booleans from their
 * strings. The types of each property are worked out once, when the route's schema is compiled.
 */
function fromStrings(schema: JsonSchema, dropUndeclared: boolean): (data: unknown) => unknown {
  const properties = new Map(
    Object.entries(schema.properties ?? {}).map(([key, property]) => {
      const types = typesOf(property);
      return [key, { array: types.has('array'), types, itemTypes: typesOf(property.items) }] as const;
    }),
  );
  return (data) => {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
    const read: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries(data)) {
      const property = properties.get(key);
      if (!property) {
        if (!dropUndeclared) read[key] = raw;
        continue;
      }
      read[key] = property.array
        ? (Array.isArray(raw) ? raw : [raw]).map((item) => fromString(property.itemTypes, item))
        : fromString(property.types, raw);
    }
    return read;
  };
}

const pathParameters = (url: string) => [
  ...[...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string),
  ...(url.includes('*') ? ['*'] : []),
];

const API_RULES = Symbol('the schema rules of the portal API');
type Place = FastifyInstance & { [API_RULES]?: true };

/**
 * Declares that the routes registered in `scope` (and its children) are the portal's own API and
 * follow the schema rules: a schema for every path parameter, a query schema. Others' plugins (the
 * API docs, the queue board, the SPA's files) are registered elsewhere and keep their own.
 */
export function declareApiRoutes(scope: FastifyInstance): void {
  (scope as Place)[API_RULES] = true;
}

/** A body a parser turned into JSON values; a stream or buffer passed through is not text to check. */
function parsedBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const prototype = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null ? body : undefined;
}

export type RegisteredRoute = {
  method: string;
  url: string;
  /** The query parameters its schema declares; null when it declares no query schema. */
  query: string[] | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered after the gate (all but the metrics endpoint), whatever its prefix,
     * as declared: the write-route property test drives every write route among them.
     */
    registeredRoutes: RegisteredRoute[];
  }
}

export const inputGatePlugin = fp(async (app: FastifyInstance) => {
  const ajv = new Ajv({
    coerceTypes: false,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    addUsedSchema: false,
  });
  addFormats(ajv);

  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = ajv.compile(schema as AnySchema);
    if (httpPart === 'body') return validate;
    const read = fromStrings(schema as JsonSchema, httpPart === 'querystring');
    // Fastify reads `.errors` of the function it was given when it answers false.
    const fromWire = ((data: unknown) => {
      const value = read(data);
      const valid = validate(value);
      fromWire.errors = validate.errors;
      return valid ? { value } : false;
    }) as ((data: unknown) => { value: unknown } | false) & Pick<ValidateFunction, 'errors'>;
    return fromWire;
  });

  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const query = (route.schema?.querystring as JsonSchema | undefined)?.properties;
    // HEAD routes are the automatic twins of GET routes.
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        app.registeredRoutes.push({ method, url: route.url, query: query ? Object.keys(query) : null });
      }
    }
    if (!(this as Place)[API_RULES]) return;
    const declared = Object.keys((route.schema?.params as JsonSchema | undefined)?.properties ?? {});
    const missing = pathParameters(route.url).filter((name) => !declared.includes(name));
    if (missing.length > 0) {
      throw new Error(
        `Route ${route.method} ${route.url} declares no schema for its path parameter(s) ${missing.join(', ')} (schema.params)`,
      );
    }
    if (!route.schema?.querystring) {
      route.schema = { ...route.schema, querystring: { type: 'object', properties: {} } };
    }
  });

  app.addHook('preValidation', async (request) => {
    const problem =
      findForbiddenText(request.params) ??
      findForbiddenText(request.query) ??
      findForbiddenText(parsedBody(request.body));
    if (problem) throw badRequest(problem.message, { field: problem.field });
  });
});
