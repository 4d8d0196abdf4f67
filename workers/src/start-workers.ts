import type { DatabaseHandle } from '@portal/db';
import { createProducerQueues, type QueueName, queueNames, workerConnection } from '@portal/queue';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { createHandlers } from './handlers.js';
import { createMailer, type MailConfig } from './mail/send-mail.js';
import { startMonitorSchedule } from './monitors/schedule.js';
import { createRegistry } from './registry.js';
import { type RelayTuning, startOutboxRelay } from './relay/outbox-relay.js';
import { startSessionPurgeSchedule } from './sessions/purge.js';

export type StartWorkersOptions = {
  handle: DatabaseHandle;
  redisUrl: string;
  /** BullMQ key prefix; `{portal}` in production (a Redis Cluster hash tag), random in tests. */
  prefix: string;
  /** Queues this process consumes (WORKER_QUEUES). Defaults to all. */
  queues?: readonly QueueName[];
  mailConfig: MailConfig;
  logger: Logger;
  /** Jobs run at once per queue. */
  concurrency?: number;
  /** The outbox relay runs in every worker process unless turned off. */
  relay?: false | Partial<RelayTuning>;
  /** The portal's public origin, for links in emails. */
  publicUrl?: string;
  /** The clock of the report monitor schedule and checks; tests fix it at 10:00 ET. */
  now?: () => Date;
  /** SESSION_IDLE_MINUTES, the API's idle timeout: the daily purge deletes sessions idle longer. */
  sessionIdleMinutes?: number;
};

export const DEFAULT_PUBLIC_URL = 'http://localhost:8000';
export const DEFAULT_SESSION_IDLE_MINUTES = 30;

/** While Redis is away the same error repeats every reconnect; say it once a minute. */
function throttled(report: (error: Error) => void): (error: Error) => void {
  let last = { message: '', at: 0 };
  return (error) => {
    const now = Date.now();
    if (error.message === last.message && now - last.at < 60_000) return;
    last = { message: error.message, at: now };
    report(error);
  };
}

export type RunningWorkers = { stop(): Promise<void> };

/**
 * Starts the outbox relay and one BullMQ worker per consumed queue. Returns at once, even when
 * Redis is down (workers connect when it answers), so the embedded start script can run the
 * workers beside the API in one process. Throws if a job has no handler or two.
 */
export async function startWorkers(options: StartWorkersOptions): Promise<RunningWorkers> {
  const { handle, redisUrl, prefix, logger } = options;
  const mailer = createMailer(options.mailConfig);
  const now = options.now ?? (() => new Date());
  const publicUrl = options.publicUrl ?? DEFAULT_PUBLIC_URL;
  const sessionIdleMinutes = options.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES;
  const registry = createRegistry(
    createHandlers({ db: handle.db, mailer, now, publicUrl, sessionIdleMinutes }),
  );
  const consumed = (options.queues ?? queueNames).filter((queue) => registry.queues().includes(queue));

  const workers = consumed.map((queue) => {
    const log = logger.child({ queue });
    const worker = new Worker(
      queue,
      async (job) =>
        registry.run(job.name, job.data, {
          jobId: job.id ?? '',
          attemptsMade: job.attemptsMade,
          logger: log.child({ job: job.name, jobId: job.id }),
        }),
      { connection: workerConnection(redisUrl), prefix, concurrency: options.concurrency ?? 5 },
    );
    worker.on('failed', (job, error) =>
      log.warn({ jobId: job?.id, job: job?.name, attemptsMade: job?.attemptsMade, err: error }, 'job failed'),
    );
    worker.on(
      'error',
      throttled((error: Error) => log.warn({ err: error }, 'worker error')),
    );
    return worker;
  });

  const producers = createProducerQueues({ redisUrl, prefix });
  const relay =
    options.relay === false
      ? undefined
      : startOutboxRelay({ handle, queues: producers, logger, tuning: options.relay ?? {} });
  // A process consuming the monitors queue keeps the 10:00 ET schedule and catches up missed checks.
  const monitorSchedule = consumed.includes('monitors')
    ? startMonitorSchedule({ db: handle.db, queue: producers.get('monitors'), now, logger })
    : undefined;
  // ...and the 03:00 ET purge of expired sessions and pending logins (a job of the same queue).
  const sessionPurgeSchedule = consumed.includes('monitors')
    ? startSessionPurgeSchedule({ queue: producers.get('monitors'), logger })
    : undefined;
  logger.info({ queues: consumed, relay: relay !== undefined }, 'workers started');

  return {
    async stop() {
      await monitorSchedule?.stop();
      await sessionPurgeSchedule?.stop();
      await relay?.stop();
      // close() lets the job in hand finish before it resolves.
      await Promise.all(workers.map((worker) => worker.close()));
      await producers.close();
      mailer.close();
      logger.info('workers stopped');
    },
  };
}
