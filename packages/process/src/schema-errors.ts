import type { TSchema } from 'typebox';
import type { TLocalizedValidationError } from 'typebox/error';
import { Settings } from 'typebox/system';
import { Value } from 'typebox/value';

// What is wrong with a value against a TypeBox schema, in the words the settings and job checks
// have always used (TypeBox 0.34's): `/PORT Expected integer`, `/0/clientId Expected required
// property`. TypeBox 1 reports like Ajv (`must be integer`, and a missing property on its object
// with the names in params); these are turned back into one problem per field, so the messages
// naming a variable (readEnv, OIDC_PROVIDERS) and the callers reading a path stay as they were.

export type SchemaProblem = {
  /** A JSON pointer to the field ('' for the value itself): `/PORT`, `/0/clientId`. */
  path: string;
  message: string;
};

const pointerKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The subschema a `schemaPath` such as `#/properties/PORT` points at. */
function schemaAt(schema: TSchema, schemaPath: string): Record<string, unknown> {
  let node: unknown = schema;
  for (const part of schemaPath.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return {};
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : {};
}

/**
 * TypeBox 1 stops gathering at its `maxErrors` setting (8): fewer than a settings object can have
 * wrong, and a union's own error comes after one error per member. Raised for this one synchronous
 * call; these values are the process's settings and its own job payloads, not request bodies.
 */
const MAX_ERRORS = 256;
function allErrors(schema: TSchema, value: unknown): TLocalizedValidationError[] {
  const { maxErrors } = Settings.Get();
  Settings.Set({ maxErrors: Math.max(maxErrors, MAX_ERRORS) });
  try {
    return Value.Errors(schema, value);
  } finally {
    Settings.Set({ maxErrors });
  }
}

const quoted = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));

function problemsOf(schema: TSchema, error: TLocalizedValidationError): SchemaProblem[] {
  const at = error.instancePath;
  const own = () => schemaAt(schema, error.schemaPath);
  switch (error.keyword) {
    case 'required':
      // As TypeBox 0.34 did: the missing property, then what its own schema says of no value.
      return error.params.requiredProperties.flatMap((key) => {
        const path = `${at}/${pointerKey(key)}`;
        const property = schemaAt(schema, `${error.schemaPath}/properties/${pointerKey(key)}`) as TSchema;
        const absent = schemaProblems(property, undefined).map((problem) => ({
          path: `${path}${problem.path}`,
          message: problem.message,
        }));
        return [{ path, message: 'Expected required property' }, ...absent];
      });
    case 'additionalProperties':
      return error.params.additionalProperties.map((key) => ({
        path: `${at}/${pointerKey(key)}`,
        message: 'Unexpected property',
      }));
    case 'anyOf':
      return [{ path: at, message: 'Expected union value' }];
    case 'type': {
      const types = [error.params.type].flat();
      return [{ path: at, message: `Expected ${types.join(' or ')}` }];
    }
    case 'const':
      return [{ path: at, message: `Expected ${quoted(error.params.allowedValue)}` }];
    case 'minimum':
      return [
        { path: at, message: `Expected ${own().type} to be greater or equal to ${error.params.limit}` },
      ];
    case 'maximum':
      return [{ path: at, message: `Expected ${own().type} to be less or equal to ${error.params.limit}` }];
    case 'exclusiveMinimum':
      return [{ path: at, message: `Expected ${own().type} to be greater than ${error.params.limit}` }];
    case 'exclusiveMaximum':
      return [{ path: at, message: `Expected ${own().type} to be less than ${error.params.limit}` }];
    case 'minLength':
      return [{ path: at, message: `Expected string length greater or equal to ${error.params.limit}` }];
    case 'maxLength':
      return [{ path: at, message: `Expected string length less or equal to ${error.params.limit}` }];
    case 'pattern':
      return [{ path: at, message: `Expected string to match '${error.params.pattern}'` }];
    case 'format':
      return [{ path: at, message: `Expected string to match '${error.params.format}' format` }];
    case 'minItems':
      return [{ path: at, message: `Expected array length to be greater or equal to ${error.params.limit}` }];
    case 'maxItems':
      return [{ path: at, message: `Expected array length to be less or equal to ${error.params.limit}` }];
    default:
      return [{ path: at, message: error.message }];
  }
}

/**
 * Every problem of `value` against `schema`, none when it matches. A union that fails is one
 * problem ('Expected union value'), not one per member; a property that should not be there is one
 * problem on that property.
 */
export function schemaProblems(schema: TSchema, value: unknown): SchemaProblem[] {
  const errors = allErrors(schema, value);
  // The members of a failing union report too: their union's own error says it once.
  const unions = errors
    .filter((error) => error.keyword === 'anyOf')
    .map((error) => `${error.schemaPath}/anyOf/`);
  const problems = errors
    .filter((error) => !unions.some((union) => error.schemaPath.startsWith(union)))
    .flatMap((error) =>
      // `additionalProperties: false` reports on the property itself and again on its object.
      error.keyword === 'boolean' && error.schemaPath.endsWith('/additionalProperties')
        ? [{ path: error.instancePath, message: 'Unexpected property' }]
        : problemsOf(schema, error),
    );
  return problems.filter(
    (problem, i) => problems.findIndex((p) => p.path === problem.path && p.message === problem.message) === i,
  );
}
