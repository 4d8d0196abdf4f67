import { ConfigError, readEnv, SharedEnv } from '@portal/domain/env';
import {
  MIN_AUDIT_LOG_RETENTION_MONTHS,
  RETENTION_DEFAULTS,
  type RetentionSettings,
} from '@portal/domain/retention';
import { DEFAULT_SUBSCRIPTION_WINDOW_SECONDS } from '@portal/domain/subscription';
import { type QueueName, queueNames, queuesWithJobs } from '@portal/queue';
import { WebhookEnv, type WebhookSettings, webhookSettings } from '@portal/webhooks';
import { Type } from 'typebox';
import { DEFAULT_MAIL_DIR, DEFAULT_MAIL_FROM, type MailConfig } from './mail/send-mail.js';

/** OPERATIONS_MAILBOX's default: only the workers read it (scripts/batches-run.ts through them). */
export const DEFAULT_OPERATIONS_MAILBOX = 'operations@portal.local';

export const DEFAULT_WEBHOOK_RETRY_BASE_MS = 30_000;
export const DEFAULT_WEBHOOK_DISABLE_AFTER_FAILURES = 50;

/** How the workers deliver webhooks: WEBHOOK_* settings. */
export type WebhookDeliverySettings = WebhookSettings & {
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
  // Failed deliveries in a row after which an endpoint is disabled and its owner mailed.
  WEBHOOK_DISABLE_AFTER_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: DEFAULT_WEBHOOK_DISABLE_AFTER_FAILURES,
  }),
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

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const config = readEnv(Env, env, (path, raw) =>
    path === '/DATABASE_URL' && raw.DATABASE_URL === undefined
      ? 'DATABASE_URL: required (a standalone worker needs Postgres; with embedded PGlite the start script runs the workers inside the API process)'
      : undefined,
  );
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
