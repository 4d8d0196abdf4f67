import { DEFAULT_QUEUE_PREFIX, DEFAULT_REDIS_URL, type QueueName, queueNames } from '@portal/queue';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_MAIL_DIR, DEFAULT_MAIL_FROM, type MailConfig } from './mail/send-mail.js';

// The worker process's settings, read and validated once at start-up. A wrong value stops the
// process with a message naming the variable.
const Env = Type.Object({
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  REDIS_URL: Type.String({ pattern: '^rediss?://', default: DEFAULT_REDIS_URL }),
  QUEUE_PREFIX: Type.String({ minLength: 1, default: DEFAULT_QUEUE_PREFIX }),
  WORKER_QUEUES: Type.String({ default: queueNames.join(',') }),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ minLength: 3, default: DEFAULT_MAIL_FROM }),
  MAIL_DIR: Type.String({ minLength: 1, default: DEFAULT_MAIL_DIR }),
  PUBLIC_URL: Type.String({ pattern: '^https?://[^/]+$', default: 'http://localhost:8000' }),
  SESSION_IDLE_MINUTES: Type.Integer({ minimum: 1, default: 30 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
});

export type WorkerConfig = {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  queues: QueueName[];
  mail: MailConfig;
  /** The portal's public origin, for links in emails. */
  publicUrl: string;
  /** The API's session idle timeout; the daily purge deletes sessions idle longer. */
  sessionIdleMinutes: number;
  logLevel: string;
};

export class ConfigError extends Error {}

function parseQueues(list: string): QueueName[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(queueNames as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new ConfigError(
      `Invalid configuration: WORKER_QUEUES: unknown queue ${unknown.join(', ') || '(none given)'}; ` +
        `expected a comma list of ${queueNames.join(', ')}`,
    );
  }
  return names as QueueName[];
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(Env.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(Env, Value.Convert(Env, raw));
  const errors = [...Value.Errors(Env, withDefaults)];
  if (errors.length > 0) {
    const problems = errors.map((error) =>
      error.path === '/DATABASE_URL' && raw.DATABASE_URL === undefined
        ? 'DATABASE_URL: required (a standalone worker needs Postgres; with embedded PGlite the start script runs the workers inside the API process)'
        : `${error.path.slice(1)}: ${error.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${[...new Set(problems)].join('; ')}`);
  }
  const config = withDefaults as Static<typeof Env>;
  return {
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    queues: parseQueues(config.WORKER_QUEUES),
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: config.MAIL_DIR },
    publicUrl: config.PUBLIC_URL,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    logLevel: config.LOG_LEVEL,
  };
}
