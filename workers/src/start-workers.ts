import type { DatabaseHandle } from '@portal/db';
import { DEFAULT_RETENTION, type RetentionSettings } from '@portal/domain/operations/retention';
import { DEFAULT_SUBSCRIPTION_WINDOW_SECONDS } from '@portal/domain/reports/subscription';
import { systemClock } from '@portal/process/clock';
import { ENV_DEFAULTS } from '@portal/process/env';
import {
  claimQueuePrefix,
  createProducerQueues,
  type QueueName,
  QueuePrefixTaken,
  queueNames,
  workerConnection,
} from '@portal/queue';
import { type BlobStore, createBlobStore } from '@portal/storage';
import { queueTelemetry, runJob } from '@portal/telemetry';
import { type LookupAll, webhookSettings } from '@portal/webhooks';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  DEFAULT_OPERATIONS_MAILBOX,
  DEFAULT_WEBHOOK_DISABLE_AFTER_FAILURES,
  DEFAULT_WEBHOOK_DISPATCH,
  DEFAULT_WEBHOOK_RETRY_BASE_MS,
  type WebhookDeliverySettings,
} from './config.js';
import { createHandlers } from './handlers.js';
import { createMailer, type MailConfig } from './mail/send-mail.js';
import { observeJobs } from './observability/job-events.js';
import type { WorkerMetrics } from './observability/metrics.js';
import { onceAMinute } from './observability/once-a-minute.js';
import { createRegistry } from './registry.js';
import { type RelayTuning, startOutboxRelay } from './relay/outbox-relay.js';
import { type StartupSteps, startJobSchedules } from './schedules.js';
import { startWebhookDispatcher, type WebhookDispatcher } from './webhooks/dispatcher.js';
import { backoffStrategy } from './webhooks/retry-delay.js';
import { workerTuning } from './worker-options.js';

export type StartWorkersOptions = {
  handle: DatabaseHandle;
  redisUrl: string;
  /** BullMQ key prefix; `{portal}` in production (a Redis Cluster hash tag), random in tests. */
  prefix: string;
  /**
   * Queues this process consumes (WORKER_QUEUES). Defaults to every queue that has a job; an
   * empty list is refused, like an empty WORKER_QUEUES.
   */
  queues?: readonly QueueName[];
  mailConfig: MailConfig;
  logger: Logger;
  /** Jobs run at once per queue (webhook attempts have their own caps: WEBHOOK_MAX_IN_FLIGHT*). */
  concurrency?: number;
  /** The outbox relay runs in every worker process unless turned off. */
  relay?: false | Partial<RelayTuning>;
  /** The portal's public origin, for links in emails. */
  publicUrl?: string;
  /** The clock of the report monitor schedule and checks; tests fix it at 10:00 ET. */
  now?: () => Date;
  /** SESSION_IDLE_MINUTES, the API's idle timeout: the daily purge deletes sessions idle longer. */
  sessionIdleMinutes?: number;
  /** Where batch files go; by default the store the STORAGE_* variables name (data/files). */
  store?: BlobStore;
  /** OPERATIONS_MAILBOX: each batch's summary goes there. */
  operationsMailbox?: string;
  /** SUBSCRIPTION_WINDOW_SECONDS: reports landing this close together go in one subscription mail. */
  subscriptionWindowSeconds?: number;
  /** WEBHOOK_* settings; by default the development ones (fixed key, no range opened, https only). */
  webhooks?: WebhookDeliverySettings;
  /** Resolves webhook endpoint hosts (default: the system resolver); tests inject one. */
  webhookLookup?: LookupAll;
  /** Job and mail metrics (served on METRICS_PORT by main.ts when METRICS_TOKEN is set). */
  metrics?: WorkerMetrics;
  /** *_RETENTION_* settings; by default those of @portal/domain/retention. */
  retention?: RetentionSettings;
  /**
   * Another database turned out to hold QUEUE_PREFIX after the start returned (Redis was away
   * then): nothing was consumed or published; the process should say so and stop.
   */
  onPrefixTaken?: (error: QueuePrefixTaken) => void;
};

export const DEFAULT_PUBLIC_URL = ENV_DEFAULTS.PUBLIC_URL;
export const DEFAULT_SESSION_IDLE_MINUTES = ENV_DEFAULTS.SESSION_IDLE_MINUTES;
export { DEFAULT_OPERATIONS_MAILBOX };

export type RunningWorkers = { stop(): Promise<void> };

/** How long the start waits for its claim of QUEUE_PREFIX before it returns with the claim pending. */
const CLAIM_WAIT_MS = 3000;

/**
 * Claims the prefix for the database, retrying while either is away (the connection waits for
 * Redis by itself; a failing query is tried again). Settles once claimed, or with QueuePrefixTaken.
 */
async function claimWhenReachable(
  redis: Redis,
  prefix: string,
  handle: DatabaseHandle,
  logger: Logger,
  stopped: () => boolean,
): Promise<void> {
  for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
    try {
      return await claimQueuePrefix(redis, prefix, handle.db);
    } catch (error) {
      if (error instanceof QueuePrefixTaken || stopped()) throw error;
      if (delay === 250) logger.warn({ err: error }, 'cannot claim QUEUE_PREFIX yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function defaultWebhookSettings(): WebhookDeliverySettings {
  return {
    ...webhookSettings({ WEBHOOK_ALLOWED_RANGES: '', WEBHOOK_ALLOW_HTTP: false }, { production: false }),
    ...DEFAULT_WEBHOOK_DISPATCH,
    retryBaseMs: DEFAULT_WEBHOOK_RETRY_BASE_MS,
    disableAfterFailures: DEFAULT_WEBHOOK_DISABLE_AFTER_FAILURES,
  };
}

/**
 * Claims QUEUE_PREFIX for the database, then starts the outbox relay and one BullMQ worker per
 * consumed queue. Returns at once when Redis is down (workers connect and claim when it answers),
 * so the embedded start script can run the workers beside the API in one process. Throws
 * QueuePrefixTaken when another database holds the prefix. Throws if a job has no handler or two, if a queue to
 * consume has no job, or if it is given no queue: a worker consuming nothing would look healthy.
 */
export async function startWorkers(options: StartWorkersOptions): Promise<RunningWorkers> {
  if (options.queues?.length === 0) {
    throw new Error(`Workers: no queue to consume; name one or more of ${queueNames.join(', ')}.`);
  }
  const { handle, redisUrl, prefix, logger } = options;
  const mailer = createMailer(options.mailConfig);
  const now = options.now ?? systemClock;
  const publicUrl = options.publicUrl ?? DEFAULT_PUBLIC_URL;
  const sessionIdleMinutes = options.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES;
  const webhooks = options.webhooks ?? defaultWebhookSettings();
  // Set once the queues to consume are known: the webhooks queue's jobs only wake it.
  let dispatcher: WebhookDispatcher | undefined;
  const registry = createRegistry(
    createHandlers({
      db: handle.db,
      mailer,
      now,
      publicUrl,
      sessionIdleMinutes,
      store: options.store ?? createBlobStore(process.env),
      operationsMailbox: options.operationsMailbox ?? DEFAULT_OPERATIONS_MAILBOX,
      subscriptionWindowSeconds: options.subscriptionWindowSeconds ?? DEFAULT_SUBSCRIPTION_WINDOW_SECONDS,
      wakeWebhooks: () => dispatcher?.wake(),
      retention: options.retention ?? DEFAULT_RETENTION,
    }),
  );
  let consumed: QueueName[];
  try {
    consumed = registry.consumed(options.queues);
  } catch (error) {
    mailer.close();
    throw error;
  }

  // Nothing is consumed, published or scheduled before the prefix is claimed for this database.
  // Redis answering, the start waits for the claim and throws when another database holds it;
  // Redis away (or the database not migrated yet), it returns without it (the embedded start must
  // not hang) and the claim follows when it can.
  let stopping = false;
  const claimConnection = new Redis(workerConnection(redisUrl));
  claimConnection.on('error', () => {});
  const claimed = claimWhenReachable(claimConnection, prefix, handle, logger, () => stopping);
  claimed.catch(() => {});
  const redisAway = new Promise<'pending'>((resolve) => {
    claimConnection.once('error', () => resolve('pending'));
    setTimeout(() => resolve('pending'), CLAIM_WAIT_MS).unref();
  });
  try {
    if ((await Promise.race([claimed.then(() => 'claimed' as const), redisAway])) === 'pending')
      logger.warn(
        'QUEUE_PREFIX is not claimed yet (Redis or the database does not answer): consuming once it is',
      );
  } catch (error) {
    claimConnection.disconnect();
    mailer.close();
    throw error;
  }

  // Deliveries are scheduled in Postgres: the dispatcher needs no queue, so it sends while a claim
  // still waits on Redis (a prefix found taken stops the process).
  if (consumed.includes('webhooks')) {
    dispatcher = startWebhookDispatcher({
      db: handle.db,
      settings: webhooks,
      now,
      publicUrl,
      lookup: options.webhookLookup,
      logger,
      metrics: options.metrics,
    });
  }

  const workers = consumed.map((queue) => {
    const log = logger.child({ queue });
    const worker = new Worker(
      queue,
      async (job) =>
        runJob(
          job.opts.telemetry?.metadata,
          { queue, name: job.name, id: job.id, attemptsMade: job.attemptsMade },
          () =>
            registry.run(job.name, job.data, {
              jobId: job.id ?? '',
              attemptsMade: job.attemptsMade,
              logger: log.child({ job: job.name, jobId: job.id }),
            }),
        ),
      {
        ...workerTuning,
        connection: workerConnection(redisUrl),
        prefix,
        concurrency: options.concurrency ?? 5,
        settings: { backoffStrategy: backoffStrategy(webhooks.retryBaseMs) },
        autorun: false,
      },
    );
    observeJobs(worker, queue, logger, { metrics: options.metrics, now });
    worker.on(
      'error',
      onceAMinute((error: Error) => log.warn({ err: error }, 'worker error'), now),
    );
    return worker;
  });

  const producers = createProducerQueues({ redisUrl, prefix });
  // With tracing, the relay publishes the rows written in a trace through queues of their own that
  // carry BullMQ's telemetry; the others, and the schedules' calls, go through queues without.
  const telemetry = queueTelemetry();
  const tracedProducers = telemetry ? createProducerQueues({ redisUrl, prefix, telemetry }) : producers;
  const relay =
    options.relay === false
      ? undefined
      : startOutboxRelay({
          handle,
          queues: producers,
          traced: tracedProducers,
          logger,
          tuning: options.relay ?? {},
          claimed,
        });
  let schedules: StartupSteps | undefined;
  claimed.then(
    () => {
      if (stopping) return;
      for (const worker of workers)
        worker.run().catch((error: Error) => logger.error({ err: error }, 'worker stopped'));
      // What the consumed queues' jobs declare: their schedules and start-up catch-up steps.
      schedules = startJobSchedules({
        jobs: consumed.flatMap((queue) => registry.jobsOf(queue)),
        queueOf: (job) => producers.get(job.queue),
        logger: logger.child({ component: 'schedules' }),
      });
    },
    (error: Error) => {
      if (stopping || !(error instanceof QueuePrefixTaken)) return;
      logger.fatal(error.message);
      options.onPrefixTaken?.(error);
    },
  );
  logger.info(
    { queues: consumed, relay: relay !== undefined, webhookDispatcher: dispatcher !== undefined },
    'workers started',
  );

  return {
    async stop() {
      // A claim still pending starts nothing from now on (it sees `stopping`).
      stopping = true;
      claimConnection.disconnect();
      await schedules?.stop();
      await relay?.stop();
      // close() lets the job in hand finish before it resolves.
      await Promise.all(workers.map((worker) => worker.close()));
      // Lets the webhook attempts in flight end (each bounded by its timeouts) and records them.
      await dispatcher?.stop();
      await producers.close();
      if (tracedProducers !== producers) await tracedProducers.close();
      mailer.close();
      logger.info('workers stopped');
    },
  };
}
