import { DEVELOPMENT_SECRET_KEY } from '@portal/webhooks';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../src/config.js';

const base = { DATABASE_URL: 'postgres://portal@db.internal:5432/portal' };

describe('worker configuration', () => {
  it('fills the embedded defaults', () => {
    expect(loadWorkerConfig(base)).toEqual({
      databaseUrl: base.DATABASE_URL,
      redisUrl: 'redis://127.0.0.1:6379',
      queuePrefix: '{portal}',
      // Every queue that has a job.
      queues: ['mail', 'activity', 'monitors', 'invitations', 'batches', 'notifications', 'webhooks'],
      mail: { smtpUrl: undefined, from: 'Partner Portal <no-reply@portal.local>', mailDir: 'data/mail' },
      publicUrl: 'http://localhost:8000',
      sessionIdleMinutes: 30,
      operationsMailbox: 'operations@portal.local',
      subscriptionWindowSeconds: 120,
      webhooks: {
        secretKey: Buffer.from(DEVELOPMENT_SECRET_KEY, 'hex'),
        allowedRanges: [],
        allowHttp: false,
        retryBaseMs: 30_000,
        disableAfterFailures: 50,
        maxInFlight: 200,
        maxInFlightPerEndpoint: 5,
        connectTimeoutMs: 5000,
        responseTimeoutMs: 10_000,
      },
      retention: {
        auditLogMonths: 84,
        dashboardEventsMonths: 13,
        outboxDays: 7,
        mailDeliveriesDays: 90,
        reportEventsDays: 90,
        webhookDeliveriesDays: 90,
        reportMonitorRunsDays: 400,
      },
      logLevel: 'info',
    });
  });

  it('reads the retention settings, and refuses an audit log kept under the 12 months of PCI DSS', () => {
    const config = loadWorkerConfig({
      ...base,
      AUDIT_LOG_RETENTION_MONTHS: '12',
      DASHBOARD_EVENTS_RETENTION_MONTHS: '1',
      OUTBOX_RETENTION_DAYS: '1',
      MAIL_DELIVERIES_RETENTION_DAYS: '30',
      REPORT_EVENTS_RETENTION_DAYS: '31',
      WEBHOOK_DELIVERIES_RETENTION_DAYS: '32',
      REPORT_MONITOR_RUNS_RETENTION_DAYS: '33',
    });
    expect(config.retention).toEqual({
      auditLogMonths: 12,
      dashboardEventsMonths: 1,
      outboxDays: 1,
      mailDeliveriesDays: 30,
      reportEventsDays: 31,
      webhookDeliveriesDays: 32,
      reportMonitorRunsDays: 33,
    });
    expect(() => loadWorkerConfig({ ...base, AUDIT_LOG_RETENTION_MONTHS: '11' })).toThrow(
      /AUDIT_LOG_RETENTION_MONTHS/,
    );
    expect(() => loadWorkerConfig({ ...base, OUTBOX_RETENTION_DAYS: '0' })).toThrow(/OUTBOX_RETENTION_DAYS/);
    expect(() => loadWorkerConfig({ ...base, DASHBOARD_EVENTS_RETENTION_MONTHS: '0' })).toThrow(
      /DASHBOARD_EVENTS_RETENTION_MONTHS/,
    );
  });

  it('reads the webhook settings, and refuses the development key and http in production', () => {
    const key = Buffer.alloc(32, 7);
    const config = loadWorkerConfig({
      ...base,
      WEBHOOK_SECRET_KEY: key.toString('base64'),
      WEBHOOK_ALLOWED_RANGES: '127.0.0.2/32, fd00::/8',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_DISABLE_AFTER_FAILURES: '3',
      WEBHOOK_MAX_IN_FLIGHT: '40',
      WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: '40',
      WEBHOOK_CONNECT_TIMEOUT_MS: '100',
      WEBHOOK_RESPONSE_TIMEOUT_MS: '300000',
    });
    expect(config.webhooks).toEqual({
      secretKey: key,
      allowedRanges: ['127.0.0.2/32', 'fd00::/8'],
      allowHttp: true,
      retryBaseMs: 50,
      disableAfterFailures: 3,
      maxInFlight: 40,
      maxInFlightPerEndpoint: 40,
      connectTimeoutMs: 100,
      responseTimeoutMs: 300_000,
    });
    expect(() => loadWorkerConfig({ ...base, NODE_ENV: 'production' })).toThrow(
      /WEBHOOK_SECRET_KEY is required in production/,
    );
    expect(() =>
      loadWorkerConfig({
        ...base,
        NODE_ENV: 'production',
        WEBHOOK_SECRET_KEY: key.toString('hex'),
        WEBHOOK_ALLOW_HTTP: 'true',
      }),
    ).toThrow(/WEBHOOK_ALLOW_HTTP is for tests and development/);
    expect(() => loadWorkerConfig({ ...base, WEBHOOK_ALLOWED_RANGES: '10.0.0.1' })).toThrow(
      /WEBHOOK_ALLOWED_RANGES: '10.0.0.1' is not an address range/,
    );
    expect(() => loadWorkerConfig({ ...base, WEBHOOK_SECRET_KEY: 'x'.repeat(50) })).toThrow(
      /WEBHOOK_SECRET_KEY/,
    );
    expect(() => loadWorkerConfig({ ...base, WEBHOOK_RETRY_BASE_MS: '0' })).toThrow(/WEBHOOK_RETRY_BASE_MS/);
  });

  it('refuses webhook caps and timeouts out of their bounds, naming the variable', () => {
    for (const [name, value] of [
      ['WEBHOOK_MAX_IN_FLIGHT', '0'],
      ['WEBHOOK_MAX_IN_FLIGHT', '10001'],
      ['WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT', '0'],
      ['WEBHOOK_CONNECT_TIMEOUT_MS', '99'],
      ['WEBHOOK_CONNECT_TIMEOUT_MS', '60001'],
      ['WEBHOOK_RESPONSE_TIMEOUT_MS', '99'],
      ['WEBHOOK_RESPONSE_TIMEOUT_MS', '300001'],
      ['WEBHOOK_RESPONSE_TIMEOUT_MS', '1.5'],
    ] as const) {
      expect(() => loadWorkerConfig({ ...base, [name]: value }), `${name}=${value}`).toThrow(name);
    }
    expect(loadWorkerConfig({ ...base, WEBHOOK_MAX_IN_FLIGHT: '10000' }).webhooks.maxInFlight).toBe(10_000);
    expect(() =>
      loadWorkerConfig({ ...base, WEBHOOK_MAX_IN_FLIGHT: '10', WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: '11' }),
    ).toThrow(
      'Invalid configuration: WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT (11) must not exceed WEBHOOK_MAX_IN_FLIGHT (10)',
    );
  });

  it('reads the queues this process consumes', () => {
    const config = loadWorkerConfig({
      ...base,
      WORKER_QUEUES: 'mail, invitations',
      SMTP_URL: 'smtp://mx:25',
    });
    expect(config.queues).toEqual(['mail', 'invitations']);
    expect(config.mail.smtpUrl).toBe('smtp://mx:25');
  });

  it('stops with a message naming the variable', () => {
    expect(() => loadWorkerConfig({})).toThrow(/DATABASE_URL: required/);
    expect(() => loadWorkerConfig({ ...base, WORKER_QUEUES: 'mail,reports' })).toThrow(
      /WORKER_QUEUES: unknown queue reports/,
    );
    expect(() => loadWorkerConfig({ ...base, WORKER_QUEUES: ' , ' })).toThrow(
      /WORKER_QUEUES: unknown queue \(none given\)/,
    );
    expect(() => loadWorkerConfig({ ...base, SMTP_URL: 'mx.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadWorkerConfig({ ...base, REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
  });
});
