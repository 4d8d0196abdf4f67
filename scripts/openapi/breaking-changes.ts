// What a client written against the approved contract would find broken in the current one: an
// operation or a response gone, a reply field gone or no longer guaranteed, a reply value of a
// kind the approved contract did not allow (a wider type, null, a new enum value), an input the
// approved contract accepted and the current one refuses (a narrower type, a tighter bound, a
// new enum or pattern), or a new required input. Additions (operations, optional inputs, reply
// fields) are not breaks.
//
// Written here because none of the npm libraries tried caught every one of these on this API's
// document (docs/contributing/api-contract.md says what each missed). It reads the OpenAPI 3.0
// that @fastify/swagger writes from TypeBox: inline schemas, `nullable`, literal unions as
// `anyOf`. A keyword it does not understand is reported whenever it changes, so nothing new
// slips through unseen.

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Schema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Document = { paths?: Record<string, Record<string, unknown>> };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'example', 'examples', 'deprecated']);
/** Keywords the comparison reads; any other one is compared as a whole. */
const UNDERSTOOD = new Set([
  'type',
  'nullable',
  'enum',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
]);

/**
 * Every break between the approved document and the current one, each a line naming the
 * operation and the place (`GET /api/x: response 200: items[].name: removed`).
 */
export function breakingChanges(approved: Document, current: Document): string[] {
  const breaks: string[] = [];
  for (const [path, item] of Object.entries(approved.paths ?? {})) {
    for (const method of METHODS) {
      const before = item[method] as Operation | undefined;
      if (!before) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const after = current.paths?.[path]?.[method] as Operation | undefined;
      if (!after) {
        breaks.push(`${name}: operation removed`);
        continue;
      }
      for (const problem of operationBreaks(before, after)) breaks.push(`${name}: ${problem}`);
    }
  }
  return breaks;
}

function operationBreaks(before: Operation, after: Operation): string[] {
  const problems: string[] = [];
  const key = (p: { in: string; name: string }) => `${p.in} parameter ${p.name}`;
  const oldParameters = new Map((before.parameters ?? []).map((p) => [key(p), p]));
  for (const parameter of after.parameters ?? []) {
    const old = oldParameters.get(key(parameter));
    if (!old) {
      if (parameter.required) problems.push(`${key(parameter)}: new and required`);
      continue;
    }
    if (parameter.required && !old.required) problems.push(`${key(parameter)}: now required`);
    for (const p of inputLosses(old.schema ?? {}, parameter.schema ?? {}, '')) {
      problems.push(`${key(parameter)}${p}`);
    }
  }

  const oldBody = before.requestBody;
  const newBody = after.requestBody;
  if (newBody?.required && !oldBody?.required) problems.push('request body: now required');
  if (oldBody && newBody) {
    for (const [type, media] of Object.entries(oldBody.content ?? {})) {
      const now = newBody.content?.[type];
      if (!now) {
        problems.push(`request body ${type}: no longer accepted`);
        continue;
      }
      for (const p of inputLosses(media.schema ?? {}, now.schema ?? {}, ''))
        problems.push(`request body${p}`);
    }
  } else if (oldBody && !newBody) {
    // A body the route no longer reads is ignored, not refused: not a break.
  }

  for (const [status, response] of Object.entries(before.responses ?? {})) {
    const now = after.responses?.[status];
    if (!now) {
      problems.push(`response ${status}: removed`);
      continue;
    }
    for (const [type, media] of Object.entries(response.content ?? {})) {
      const content = now.content?.[type];
      if (!content) {
        problems.push(`response ${status} ${type}: removed`);
        continue;
      }
      for (const p of replyLosses(media.schema ?? {}, content.schema ?? {}, '')) {
        problems.push(`response ${status}${p}`);
      }
    }
  }
  return problems;
}

/** Where the current input schema refuses what the approved one accepted. */
function inputLosses(approved: Schema, current: Schema, at: string): string[] {
  return losses(approved, current, at, 'input');
}

/**
 * Where the current reply may hold what the approved schema did not allow, or lacks what it
 * promised: the approved schema must accept every current reply, and no property it lists may go.
 */
function replyLosses(approved: Schema, current: Schema, at: string): string[] {
  return losses(current, approved, at, 'reply');
}

type Side = 'input' | 'reply';

/**
 * Why `narrow` refuses values `wide` accepts. For inputs, `wide` is the approved schema; for
 * replies it is the current one (a reply the approved schema refuses breaks its clients).
 */
function losses(wide: Schema, narrow: Schema, at: string, side: Side): string[] {
  const place = (problem: string) => `${at ? `: ${at}` : ''}: ${problem}`;
  if (isAny(narrow)) return [];
  if (isAny(wide))
    return [place(side === 'input' ? 'now constrained (it accepted anything)' : 'was unconstrained')];

  const wideAlternatives = alternatives(wide);
  const narrowAlternatives = alternatives(narrow);
  if (wideAlternatives.length > 1 || narrowAlternatives.length > 1) {
    const problems: string[] = [];
    for (const alternative of wideAlternatives) {
      const tries = narrowAlternatives.map((n) => losses(alternative, n, at, side));
      if (tries.some((t) => t.length === 0)) continue;
      problems.push(
        place(
          `${describe(alternative)} ${side === 'input' ? 'no longer accepted' : 'not in the approved contract'}`,
        ),
      );
    }
    return problems;
  }

  const problems: string[] = [];
  const say = (input: string, reply: string) => problems.push(place(side === 'input' ? input : reply));

  for (const keyword of new Set([...Object.keys(wide), ...Object.keys(narrow)])) {
    if (ANNOTATIONS.has(keyword) || UNDERSTOOD.has(keyword)) continue;
    if (JSON.stringify(wide[keyword]) !== JSON.stringify(narrow[keyword]))
      say(`${keyword} changed`, `${keyword} changed`);
  }

  const wideTypes = typesOf(wide);
  const narrowTypes = typesOf(narrow);
  if (wideTypes && narrowTypes) {
    for (const type of wideTypes) {
      const kept = narrowTypes.includes(type) || (type === 'integer' && narrowTypes.includes('number'));
      if (!kept)
        say(
          `type ${wideTypes.join('|')} narrowed to ${narrowTypes.join('|')}`,
          `type ${narrowTypes.join('|')} became ${wideTypes.join('|')}`,
        );
    }
  } else if (narrowTypes && !wideTypes) {
    say(`now limited to type ${narrowTypes.join('|')}`, `type ${narrowTypes.join('|')} no longer guaranteed`);
  }
  if (wide.nullable === true && narrow.nullable !== true) say('null no longer accepted', 'may now be null');

  if (Array.isArray(narrow.enum)) {
    const allowed = new Set(narrow.enum.map((v) => JSON.stringify(v)));
    if (!Array.isArray(wide.enum)) say('now limited to an enum', 'no longer limited to its enum');
    else {
      const gone = wide.enum.filter((v) => !allowed.has(JSON.stringify(v)));
      if (gone.length) say(`value ${gone.join(', ')} no longer accepted`, `new value ${gone.join(', ')}`);
    }
  }

  const lower = (key: string, label: string) => {
    const w = wide[key];
    const n = narrow[key];
    if (typeof n === 'number' && (typeof w !== 'number' || n > w))
      say(`${label} raised to ${n}`, `${label} ${n} no longer held`);
  };
  const upper = (key: string, label: string) => {
    const w = wide[key];
    const n = narrow[key];
    if (typeof n === 'number' && (typeof w !== 'number' || n < w))
      say(`${label} lowered to ${n}`, `${label} ${n} no longer held`);
  };
  lower('minLength', 'minLength');
  upper('maxLength', 'maxLength');
  lower('minimum', 'minimum');
  upper('maximum', 'maximum');
  lower('minItems', 'minItems');
  upper('maxItems', 'maxItems');
  for (const key of ['exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'pattern', 'format']) {
    if (narrow[key] !== undefined && JSON.stringify(narrow[key]) !== JSON.stringify(wide[key])) {
      say(
        `${key} now ${JSON.stringify(narrow[key])}`,
        `${key} ${JSON.stringify(narrow[key])} no longer held`,
      );
    }
  }
  if (narrow.uniqueItems === true && wide.uniqueItems !== true)
    say('items must now be unique', 'items may now repeat');

  if (wide.items || narrow.items) {
    problems.push(...losses((wide.items as Schema) ?? {}, (narrow.items as Schema) ?? {}, `${at}[]`, side));
  }

  const wideProperties = (wide.properties ?? {}) as Record<string, Schema>;
  const narrowProperties = (narrow.properties ?? {}) as Record<string, Schema>;
  const field = (name: string) => (at ? `${at}.${name}` : name);
  for (const [name, schema] of Object.entries(wideProperties)) {
    const other = narrowProperties[name];
    if (other) problems.push(...losses(schema, other, field(name), side));
    else if (narrow.additionalProperties === false && side === 'input') {
      problems.push(`: ${field(name)}: no longer accepted`);
    }
  }
  if (side === 'reply') {
    // The approved reply listed these fields; the current one no longer has them.
    for (const name of Object.keys(narrowProperties)) {
      if (!wideProperties[name]) problems.push(`: ${field(name)}: removed`);
    }
  }
  const wideRequired = new Set((wide.required ?? []) as string[]);
  for (const name of (narrow.required ?? []) as string[]) {
    if (wideRequired.has(name)) continue;
    if (side === 'input')
      problems.push(`: ${field(name)}: ${wideProperties[name] ? 'now required' : 'new and required'}`);
    else if (wideProperties[name]) problems.push(`: ${field(name)}: no longer always present`);
  }
  if (
    side === 'input' &&
    narrow.additionalProperties === false &&
    wide.additionalProperties !== false &&
    !wide.properties
  ) {
    say('other properties no longer accepted', '');
  }
  return problems;
}

function isAny(schema: Schema): boolean {
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key));
}

/** A schema's alternatives: the members of its anyOf/oneOf (with the schema's own nullable), or itself. */
function alternatives(schema: Schema): Schema[] {
  const members = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!members) return [schema];
  const list = members.flatMap(alternatives);
  return schema.nullable === true ? [...list, { type: 'null' }] : list;
}

function typesOf(schema: Schema): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
}

function describe(schema: Schema): string {
  if (Array.isArray(schema.enum)) return `value ${schema.enum.join(', ')}`;
  return `type ${typesOf(schema)?.join('|') ?? 'any'}${schema.nullable === true ? ' or null' : ''}`;
}
