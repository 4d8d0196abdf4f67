import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '@portal/db';
import type { QueueName } from '@portal/queue';
import type { LookupAll } from '@portal/webhooks';
import type { WebhookDeliverySettings } from '@portal/workers/config';
import { DEFAULT_MAIL_FROM } from '@portal/workers/mail/send-mail';
import type { WorkerMetrics } from '@portal/workers/observability/metrics';
import { type RunningWorkers, startWorkers } from '@portal/workers/start-workers';
import type { ParsedMail } from 'mailparser';
import { quietLogger, randomPrefix, startSmtpServer, type TestSmtpServer } from './helpers.js';

// The one mail-worker harness of the tests: workers (with the outbox relay) that send through a
// real SMTP server, which keeps every message it accepts. The relay polls quickly and gives up on
// Redis quickly, so a test of an outage sees the mail within seconds of Redis coming back.

export type MailHarness = {
  smtp: TestSmtpServer;
  workers: RunningWorkers;
  /** The messages that arrived with this subject. */
  arrived(subject: string): ParsedMail[];
  stop(): Promise<void>;
};

export async function startMailWorkers(options: {
  handle: DatabaseHandle;
  redisUrl: string;
  prefix?: string;
  queues?: QueueName[];
  /** An SMTP server to keep using (a restarted worker); stop() then leaves it running. */
  smtp?: TestSmtpServer;
  relay?: { pollMs?: number; publishTimeoutMs?: number; maxBackoffMs?: number };
  subscriptionWindowSeconds?: number;
  publicUrl?: string;
  webhooks?: WebhookDeliverySettings;
  webhookLookup?: LookupAll;
  /** The workers' clock (due times, leases, probes); the wall clock unless given. */
  now?: () => Date;
  metrics?: WorkerMetrics;
}): Promise<MailHarness> {
  const smtp = options.smtp ?? (await startSmtpServer());
  const mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  const workers = await startWorkers({
    handle: options.handle,
    redisUrl: options.redisUrl,
    prefix: options.prefix ?? randomPrefix(),
    ...(options.queues ? { queues: options.queues } : {}),
    mailConfig: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir },
    logger: quietLogger,
    relay: { pollMs: 200, publishTimeoutMs: 1000, maxBackoffMs: 1000, ...options.relay },
    ...(options.subscriptionWindowSeconds !== undefined
      ? { subscriptionWindowSeconds: options.subscriptionWindowSeconds }
      : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.webhookLookup ? { webhookLookup: options.webhookLookup } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  return {
    smtp,
    workers,
    arrived: (subject) => smtp.messages.filter((mail) => mail.subject === subject),
    async stop() {
      await workers.stop();
      if (!options.smtp) await smtp.close();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
