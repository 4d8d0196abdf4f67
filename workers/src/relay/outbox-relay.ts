import type { Database, DatabaseHandle } from '@portal/db';
import {
  assertCustomJobId,
  claimUnpublished,
  isQueueName,
  markPublished,
  type OutboxRow,
  type ProducerQueues,
  type QueueName,
  recordPublishFailure,
  recordQueueUnavailable,
  withTimeout,
} from '@portal/queue';
import { continueTrace } from '@portal/telemetry';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { toBullJobs } from './bull-jobs.js';
import { listenForOutbox, Wakeup } from './wakeup.js';

export type RelayTuning = {
  /** Rows claimed per transaction. */
  batchSize: number;
  /** The poll that runs whatever else happens (PGlite has no cross-process NOTIFY). */
  pollMs: number;
  /** Bound on one publish: before its first connect BullMQ would wait for Redis forever. */
  publishTimeoutMs: number;
  /**
   * Ceiling of the exponential backoff while Redis refuses. A pass with Redis away costs one
   * small query, and a ceiling of 10 s made rows wait up to 10 s after Redis was back.
   */
  maxBackoffMs: number;
  /**
   * After a pass that published rows, the pause before the next: rows that come one after another
   * (tracking calls) gather into fewer, larger passes. Each pass costs a transaction, a Redis add
   * and a job run whatever it carries; at 1,000 rows a second, passes of about 11 rows cost the
   * relay and the worker more CPU than the API spent on the calls.
   */
  gatherMs: number;
};

export const defaultRelayTuning: RelayTuning = {
  batchSize: 100,
  pollMs: 1000,
  publishTimeoutMs: 5000,
  maxBackoffMs: 500,
  gatherMs: 20,
};

/** failed: adds Redis refused (the relay backs off); invalid: rows no Redis could take. */
export type RelayOutcome = {
  claimed: number;
  published: number;
  failed: number;
  invalid: number;
  error?: string;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function invalidReason(row: OutboxRow): string | undefined {
  if (!isQueueName(row.queue)) return `Unknown queue "${row.queue}"`;
  try {
    if (row.job_id !== null) assertCustomJobId(row.job_id);
  } catch (error) {
    return messageOf(error);
  }
  return undefined;
}

async function readiness(
  queues: ProducerQueues,
  names: readonly QueueName[],
  timeoutMs: number,
  claimed: Promise<void>,
) {
  const settled = await Promise.allSettled(
    names.map((name) =>
      withTimeout(
        claimed.then(() => queues.get(name).waitUntilReady()),
        timeoutMs,
        'Redis',
      ),
    ),
  );
  const refused = settled.find((result) => result.status === 'rejected');
  return {
    notReady: names.filter((_, i) => settled[i]?.status !== 'fulfilled'),
    error: messageOf(refused?.reason),
  };
}

/**
 * One pass: lock unpublished rows (SKIP LOCKED, so relays running side by side split the work),
 * add each to BullMQ with jobId = outbox id (so a row published twice is still one job), and
 * mark the added ones published. Rows whose add failed stay unpublished with attempts and
 * last_error recorded; nothing is lost while Redis is away.
 */
export async function relayBatch(
  db: Kysely<Database>,
  queues: ProducerQueues,
  tuning: Pick<RelayTuning, 'batchSize' | 'publishTimeoutMs'> = defaultRelayTuning,
  claimed: Promise<void> = Promise.resolve(),
  traced: ProducerQueues = queues,
): Promise<RelayOutcome> {
  // Checked before any transaction: embedded PGlite has one connection, and a transaction held
  // while waiting for a Redis that never answered would stall the API beside it. Once connected,
  // a queue answers at once, so every pass asks all of them rather than reading which have rows.
  // Nothing is published to a prefix before it is claimed for this database (startWorkers).
  const { notReady, error: unavailable } = await readiness(
    queues,
    queues.names,
    tuning.publishTimeoutMs,
    claimed,
  );
  const unavailableRows = await recordQueueUnavailable(db, notReady, unavailable);
  if (notReady.length === queues.names.length) {
    return {
      claimed: 0,
      published: 0,
      failed: unavailableRows,
      invalid: 0,
      ...(unavailableRows ? { error: unavailable } : {}),
    };
  }

  const outcome = await db.transaction().execute(async (trx) => {
    // Rows of unknown queues are claimed too, so that they are reported rather than ignored.
    const rows = await claimUnpublished(trx, tuning.batchSize, notReady);
    const invalid = rows.flatMap((row) => {
      const reason = invalidReason(row);
      return reason ? [{ id: row.outbox_id, error: reason }] : [];
    });
    const valid = rows.filter((row) => !invalid.some((bad) => bad.id === row.outbox_id));
    const jobs = toBullJobs(valid);
    const settled = await Promise.allSettled(
      jobs.map((job) => {
        // In the trace of the span that wrote the row: BullMQ's telemetry (the traced queues) makes
        // the add its child and hands that context to the job. A row written outside any trace is
        // added without it, so it starts none.
        const queue = (job.traceparent ? traced : queues).get(job.queue as QueueName);
        return continueTrace(job.traceparent, `publish ${job.queue}.${job.name}`, () =>
          withTimeout(queue.add(job.name, job.data, job.opts), tuning.publishTimeoutMs, 'Redis'),
        );
      }),
    );
    const published = jobs
      .filter((_, i) => settled[i]?.status === 'fulfilled')
      .flatMap((job) => job.outboxIds);
    const failed = settled.flatMap((result, i) =>
      result.status === 'rejected'
        ? jobs[i]!.outboxIds.map((id) => ({ id, error: messageOf(result.reason) }))
        : [],
    );
    await markPublished(trx, published);
    for (const failure of [...failed, ...invalid])
      await recordPublishFailure(trx, [failure.id], failure.error);
    return { rows, published, failed, invalid };
  });
  const error = outcome.failed[0]?.error ?? (unavailableRows > 0 ? unavailable : outcome.invalid[0]?.error);
  return {
    claimed: outcome.rows.length,
    published: outcome.published.length,
    failed: outcome.failed.length + unavailableRows,
    invalid: outcome.invalid.length,
    ...(error ? { error } : {}),
  };
}

export type OutboxRelay = {
  /** Resolves once the relay LISTENs for new rows (at once without Postgres: polling only). */
  listening: Promise<void>;
  stop(): Promise<void>;
};

export type OutboxRelayOptions = {
  handle: DatabaseHandle;
  queues: ProducerQueues;
  logger: Logger;
  tuning?: Partial<RelayTuning>;
  /** Settles once QUEUE_PREFIX is claimed for this database; nothing is published before. */
  claimed?: Promise<void>;
  /** The same queues with BullMQ's telemetry, for rows written in a trace (tracing on). */
  traced?: ProducerQueues;
};

/** Runs relayBatch on every NOTIFY (Postgres) and every poll, backing off while Redis refuses. */
export function startOutboxRelay({
  handle,
  queues,
  logger,
  tuning: overrides,
  claimed = Promise.resolve(),
  traced = queues,
}: OutboxRelayOptions): OutboxRelay {
  const tuning = { ...defaultRelayTuning, ...overrides };
  const log = logger.child({ component: 'outbox-relay' });
  const wakeup = new Wakeup();
  let failures = 0;
  // While Redis refuses, only the backoff (or stop) ends the wait: new rows would not help.
  const listener = handle.pool
    ? listenForOutbox(handle.pool, () => failures === 0 && wakeup.wake(), log)
    : undefined;
  let stopped = false;

  const loop = async () => {
    while (!stopped) {
      const outcome = await relayBatch(handle.db, queues, tuning, claimed, traced).catch(
        (error): RelayOutcome => ({
          claimed: 0,
          published: 0,
          failed: 1,
          invalid: 0,
          error: messageOf(error),
        }),
      );
      if (outcome.published > 0) log.debug({ published: outcome.published }, 'outbox rows published');
      if (outcome.invalid > 0) log.error({ error: outcome.error }, 'outbox rows no queue can take');
      if (outcome.failed > 0 && outcome.published === 0) {
        failures += 1;
        if (failures === 1)
          log.warn({ error: outcome.error }, 'outbox relay cannot publish; rows wait in Postgres');
        await wakeup.wait(Math.min(250 * 2 ** (failures - 1), tuning.maxBackoffMs));
        continue;
      }
      if (failures > 0) log.info({ failures }, 'outbox relay publishing again');
      failures = 0;
      if (outcome.published < tuning.batchSize) {
        // A NOTIFY during the pause is kept: the wait below then ends at once.
        if (outcome.published > 0 && tuning.gatherMs > 0) await sleep(tuning.gatherMs);
        await wakeup.wait(tuning.pollMs);
      }
    }
  };
  const running = loop();

  return {
    listening: listener?.listening ?? Promise.resolve(),
    async stop() {
      stopped = true;
      wakeup.wake();
      await running;
      await listener?.close();
    },
  };
}
