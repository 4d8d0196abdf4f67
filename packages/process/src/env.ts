import { type Static, type TObject, Type } from 'typebox';
import { Value } from 'typebox/value';
import { schemaProblems } from './schema-errors.js';

// The one reading of the environment. The API, the workers and the scripts each describe their
// settings as a TypeBox object spreading SharedEnv, and read them with readEnv: a setting more
// than one process reads (SESSION_IDLE_MINUTES, PUBLIC_URL, REDIS_URL...) has one default, here,
// so the workers' session purge can never disagree with the API on a default.

/** The defaults of the settings several processes read (embedded: one machine, no .env). */
export const ENV_DEFAULTS = {
  PUBLIC_URL: 'http://localhost:8000',
  PGLITE_DIR: 'data/pg',
  REDIS_URL: 'redis://127.0.0.1:6379',
  /** A hash tag, so every key of every queue lands in one Redis Cluster slot. */
  QUEUE_PREFIX: '{portal}',
  STORAGE_DIR: 'data/files',
  SESSION_IDLE_MINUTES: 30,
  LOG_LEVEL: 'info',
} as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const SharedEnv = {
  /** Postgres; unset: embedded PGlite in PGLITE_DIR (npm start). */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  PGLITE_DIR: Type.String({ default: ENV_DEFAULTS.PGLITE_DIR }),
  REDIS_URL: Type.String({ pattern: '^rediss?://', default: ENV_DEFAULTS.REDIS_URL }),
  QUEUE_PREFIX: Type.String({ minLength: 1, default: ENV_DEFAULTS.QUEUE_PREFIX }),
  /** The portal's public origin: redirect URIs, links in emails. */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^/]+$', default: ENV_DEFAULTS.PUBLIC_URL }),
  /** The API refuses a session idle longer; the workers' daily purge deletes it. */
  SESSION_IDLE_MINUTES: Type.Integer({ minimum: 1, default: ENV_DEFAULTS.SESSION_IDLE_MINUTES }),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: ENV_DEFAULTS.LOG_LEVEL },
  ),
};

export const SharedEnvSchema = Type.Object(SharedEnv);
export type SharedEnv = Static<typeof SharedEnvSchema>;

/** A wrong setting: the message names the variable; the process prints it and stops. */
export class ConfigError extends Error {}

/**
 * Reads the variables of `schema` from `env` (an empty value counts as unset), converts numbers,
 * fills defaults, and throws one ConfigError naming every wrong variable. `explain` may word a
 * problem better than TypeBox does (return undefined to keep TypeBox's).
 */
export function readEnv<T extends TObject>(
  schema: T,
  env: Readonly<Record<string, string | undefined>>,
  explain: (path: string, raw: Record<string, unknown>) => string | undefined = () => undefined,
): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, Value.Convert(schema, raw));
  const errors = schemaProblems(schema, withDefaults);
  if (errors.length > 0) {
    const problems = errors.map(
      (error) => explain(error.path, raw) ?? `${error.path.slice(1)}: ${error.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${[...new Set(problems)].join('; ')}`);
  }
  return withDefaults as Static<T>;
}
