import {
  MIN_AUDIT_LOG_RETENTION_MONTHS,
  RETENTION_DEFAULTS,
  type RetentionSettings,
} from '@portal/domain/operations/retention';
import { DEFAULT_SUBSCRIPTION_WINDOW_SECONDS } from '@portal/domain/reports/subscription';
import { ConfigError, readEnv, SharedEnv } from '@portal/process/env';
import { type QueueName, queueNames, queuesWithJobs } from '@portal/queue';
import { TelemetryEnv, telemetrySettings } from '@portal/telemetry';
import { WebhookEnv, type WebhookSettings, webhookSettings } from '@portal/webhooks';
import { Type } from 'typebox';
import { DEFAULT_MAIL_DIR, DEFAULT_MAIL_FROM, type MailConfig } from './mail/send-mail.js';

/** OPERATIONS_MAILBOX's default: only the workers read it (scripts/batches-run.ts through them). */
export const DEFAULT_OPERATIONS_MAILBOX = 'operations@portal.local';

export const DEFAULT_WEBHOOK_RETRY_BASE_MS = 30_000;
export const DEFAULT_WEBHOOK_DISABLE_AFTER_FAILURES = 50;

/**
 * How many webhook attempts a worker process and one endpoint have in flight at most, and how long
 * an attempt may take (README, "Webhooks"). Five per endpoint: a receiver taking 100 ms an answer
 * still gets 50 deliveries a second, and five connections are what a small receiver (one process,
 * a few threads) takes without queueing; 200 per process leave room for 40 endpoints busy at once
 * beside any number waiting on theirs.
 */
export const DEFAULT_WEBHOOK_DISPATCH = {
  maxInFlight: 200,
  maxInFlightPerEndpoint: 5,
  connectTimeoutMs: 5_000,
  responseTimeoutMs: 10_000,
} as const;

export type WebhookDispatchSettings = {
  /** WEBHOOK_MAX_IN_FLIGHT: attempts in flight in one worker process. */
  maxInFlight: number;
  /** WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: attempts in flight to one endpoint, all worker processes together. */
  maxInFlightPerEndpoint: number;
  /** WEBHOOK_CONNECT_TIMEOUT_MS: to open a connection (TCP and TLS). */
  connectTimeoutMs: number;
  /** WEBHOOK_RESPONSE_TIMEOUT_MS: from the request sent to the response's headers, and between pieces of its body. */
  responseTimeoutMs: number;
};

/** How the workers deliver webhooks: WEBHOOK_* settings. */
export type WebhookDeliverySettings = WebhookSettings &
  WebhookDispatchSettings & {
    retryBaseMs: number;
    disableAfterFailures: number;
  };

function retentionDays(fallback: number) {
  return Type.Integer({ minimum: 1, maximum: 36_500, default: fallback });
}

// The worker process's settings, read and validated once at start-up. A wrong value stops the
// process with a message naming the variable. What the API reads too comes from SharedEnv, with
// its one set of defaults (a purge with another idle timeout would delete live sessions).
export const Env = Type.Object({
  ...SharedEnv,
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  // By default every queue that has a job; naming one without jobs stops the worker at start.
  WORKER_QUEUES: Type.String({ default: queuesWithJobs().join(',') }),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ minLength: 3, default: DEFAULT_MAIL_FROM }),
  MAIL_DIR: Type.String({ minLength: 1, default: DEFAULT_MAIL_DIR }),
  // Where the summary of each operational-forms batch goes.
  OPERATIONS_MAILBOX: Type.String({ pattern: '^[^@ ]+@[^@ ]+$', default: DEFAULT_OPERATIONS_MAILBOX }),
  // Reports landing within this many seconds of the first go in one subscription mail.
  SUBSCRIPTION_WINDOW_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 86_400,
    default: DEFAULT_SUBSCRIPTION_WINDOW_SECONDS,
  }),
  // Production refuses the development webhook key and http endpoints (@portal/webhooks settings).
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  ...WebhookEnv,
  // How long each growing table keeps its rows (docs/operating/backups-and-retention.md); the audit log at least the
  // 12 months PCI DSS 10.5.1 asks for.
  AUDIT_LOG_RETENTION_MONTHS: Type.Integer({
    minimum: MIN_AUDIT_LOG_RETENTION_MONTHS,
    maximum: 1200,
    default: RETENTION_DEFAULTS.AUDIT_LOG_RETENTION_MONTHS,
  }),
  DASHBOARD_EVENTS_RETENTION_MONTHS: Type.Integer({
    minimum: 1,
    maximum: 1200,
    default: RETENTION_DEFAULTS.DASHBOARD_EVENTS_RETENTION_MONTHS,
  }),
  OUTBOX_RETENTION_DAYS: retentionDays(RETENTION_DEFAULTS.OUTBOX_RETENTION_DAYS),
  MAIL_DELIVERIES_RETENTION_DAYS: retentionDays(RETENTION_DEFAULTS.MAIL_DELIVERIES_RETENTION_DAYS),
  REPORT_EVENTS_RETENTION_DAYS: retentionDays(RETENTION_DEFAULTS.REPORT_EVENTS_RETENTION_DAYS),
  WEBHOOK_DELIVERIES_RETENTION_DAYS: retentionDays(RETENTION_DEFAULTS.WEBHOOK_DELIVERIES_RETENTION_DAYS),
  REPORT_MONITOR_RUNS_RETENTION_DAYS: retentionDays(RETENTION_DEFAULTS.REPORT_MONITOR_RUNS_RETENTION_DAYS),
  // The first wait before a failed webhook delivery is tried again; each next one doubles (capped at 6 h).
  WEBHOOK_RETRY_BASE_MS: Type.Integer({
    minimum: 1,
    maximum: 3_600_000,
    default: DEFAULT_WEBHOOK_RETRY_BASE_MS,
  }),
  // Failed probes in a row (an endpoint that backs off is probed along the retry schedule) after
  // which an endpoint is disabled and its owner mailed.
  WEBHOOK_DISABLE_AFTER_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: DEFAULT_WEBHOOK_DISABLE_AFTER_FAILURES,
  }),
  WEBHOOK_MAX_IN_FLIGHT: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    default: DEFAULT_WEBHOOK_DISPATCH.maxInFlight,
  }),
  WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: DEFAULT_WEBHOOK_DISPATCH.maxInFlightPerEndpoint,
  }),
  WEBHOOK_CONNECT_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: DEFAULT_WEBHOOK_DISPATCH.connectTimeoutMs,
  }),
  WEBHOOK_RESPONSE_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 300_000,
    default: DEFAULT_WEBHOOK_DISPATCH.responseTimeoutMs,
  }),
  // OpenTelemetry traces (OTEL_*): read again by the register file loaded before the workers (@portal/telemetry).
  ...TelemetryEnv,
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
  /** Where each batch's summary mail goes. */
  operationsMailbox: string;
  subscriptionWindowSeconds: number;
  webhooks: WebhookDeliverySettings;
  retention: RetentionSettings;
  logLevel: string;
};

export { ConfigError };

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

function readWebhookSettings(config: Parameters<typeof webhookSettings>[0] & { NODE_ENV: string }) {
  try {
    return webhookSettings(config, { production: config.NODE_ENV === 'production' });
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
}

function readDispatchSettings(config: {
  WEBHOOK_MAX_IN_FLIGHT: number;
  WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: number;
  WEBHOOK_CONNECT_TIMEOUT_MS: number;
  WEBHOOK_RESPONSE_TIMEOUT_MS: number;
}): WebhookDispatchSettings {
  // A cap per endpoint above the process's would read as a promise the process cannot keep.
  if (config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT > config.WEBHOOK_MAX_IN_FLIGHT) {
    throw new ConfigError(
      `Invalid configuration: WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT (${config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT}) ` +
        `must not exceed WEBHOOK_MAX_IN_FLIGHT (${config.WEBHOOK_MAX_IN_FLIGHT})`,
    );
  }
  return {
    maxInFlight: config.WEBHOOK_MAX_IN_FLIGHT,
    maxInFlightPerEndpoint: config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT,
    connectTimeoutMs: config.WEBHOOK_CONNECT_TIMEOUT_MS,
    responseTimeoutMs: config.WEBHOOK_RESPONSE_TIMEOUT_MS,
  };
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const config = readEnv(Env, env, (path, raw) =>
    path === '/DATABASE_URL' && raw.DATABASE_URL === undefined
      ? 'DATABASE_URL: required (a standalone worker needs Postgres; with embedded PGlite the start script runs the workers inside the API process)'
      : undefined,
  );
  telemetrySettings(config, 'portal-workers');
  return {
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    queues: parseQueues(config.WORKER_QUEUES),
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: config.MAIL_DIR },
    publicUrl: config.PUBLIC_URL,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    operationsMailbox: config.OPERATIONS_MAILBOX,
    subscriptionWindowSeconds: config.SUBSCRIPTION_WINDOW_SECONDS,
    webhooks: {
      ...readWebhookSettings(config),
      ...readDispatchSettings(config),
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
      disableAfterFailures: config.WEBHOOK_DISABLE_AFTER_FAILURES,
    },
    retention: {
      auditLogMonths: config.AUDIT_LOG_RETENTION_MONTHS,
      dashboardEventsMonths: config.DASHBOARD_EVENTS_RETENTION_MONTHS,
      outboxDays: config.OUTBOX_RETENTION_DAYS,
      mailDeliveriesDays: config.MAIL_DELIVERIES_RETENTION_DAYS,
      reportEventsDays: config.REPORT_EVENTS_RETENTION_DAYS,
      webhookDeliveriesDays: config.WEBHOOK_DELIVERIES_RETENTION_DAYS,
      reportMonitorRunsDays: config.REPORT_MONITOR_RUNS_RETENTION_DAYS,
    },
    logLevel: config.LOG_LEVEL,
  };
}
