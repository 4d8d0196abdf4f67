import { schemaProblems } from '@portal/process/schema-errors';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { QueueName } from './queues.js';

export type Backoff =
  | {
      type: 'exponential' /** First retry delay in ms; each next one doubles. */;
      delay: number;
    }
  /**
   * A strategy the worker computes (BullMQ's `settings.backoffStrategy`), for a delay the job
   * definition cannot fix: webhook retries take their base from the worker's WEBHOOK_RETRY_BASE_MS.
   */
  | { type: typeof WEBHOOK_BACKOFF };

/** The custom backoff type of webhook deliveries (workers/src/webhooks/retry-delay.ts). */
export const WEBHOOK_BACKOFF = 'webhook';

/**
 * When a job fires by the clock: a BullMQ job scheduler (one per Redis, whatever the worker count)
 * that every worker consuming the job's queue puts in place at start. Its jobs carry `{}`.
 */
export type JobSchedule = {
  /** The job scheduler's id in Redis. */
  id: string;
  /** Six-field cron (seconds first), read in `tz`, so it follows daylight saving. */
  cron: string;
  tz: string;
};

export type JobDefinition<Name extends string = string, Schema extends TSchema = TSchema> = {
  name: Name;
  queue: QueueName;
  /** TypeBox schema of the payload: the static type for `enqueue` and the runtime check. */
  payload: Schema;
  attempts: number;
  backoff: Backoff;
  /** Set on jobs that fire by the clock rather than being enqueued by a change. */
  schedule?: JobSchedule;
  /**
   * Each change still writes one outbox row (one payload), but the rows of this job that one relay
   * pass publishes become ONE BullMQ job holding their payloads, and the handler gets the list:
   * for many small jobs (tracking events) that the handler stores in one statement, so the queue,
   * the worker and the database pay per group rather than per event. The handler must be
   * idempotent per payload: after a relay crash the same payload may come again in another group.
   */
  grouped?: boolean;
  /**
   * Fires every few seconds (subscriptions.dispatch): its start and finish are logged at debug, not
   * info, or they would be most of the workers' log. Its failures still warn.
   */
  quiet?: boolean;
};

/** Keeps the literal job name (and whether it is grouped) so the registry can type each handler. */
export function defineJob<
  const Name extends string,
  Schema extends TSchema,
  const Grouped extends boolean = false,
>(
  definition: JobDefinition<Name, Schema> & { grouped?: Grouped },
): JobDefinition<Name, Schema> & { grouped: Grouped } {
  return { ...definition, grouped: (definition.grouped ?? false) as Grouped };
}

export class InvalidJobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly detail: string,
  ) {
    super(`Invalid payload for job "${jobName}": ${detail}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** Throws InvalidJobPayloadError naming the first offending field. */
export function assertPayload<Schema extends TSchema>(
  definition: JobDefinition<string, Schema>,
  payload: unknown,
): asserts payload is Static<Schema> {
  if (Value.Check(definition.payload, payload)) return;
  const first = schemaProblems(definition.payload, payload)[0];
  const detail = first ? `${first.path || '/'} ${first.message}` : 'does not match its schema';
  throw new InvalidJobPayloadError(definition.name, detail);
}
