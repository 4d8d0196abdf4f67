import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { QueueName } from './queues.js';

export type Backoff = {
  type: 'exponential' /** First retry delay in ms; each next one doubles. */;
  delay: number;
};

export type JobDefinition<Name extends string = string, Schema extends TSchema = TSchema> = {
  name: Name;
  queue: QueueName;
  /** TypeBox schema of the payload: the static type for `enqueue` and the runtime check. */
  payload: Schema;
  attempts: number;
  backoff: Backoff;
};

/** Keeps the literal job name so the registry can build a discriminated union from it. */
export function defineJob<const Name extends string, Schema extends TSchema>(
  definition: JobDefinition<Name, Schema>,
): JobDefinition<Name, Schema> {
  return definition;
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
  const first = Value.Errors(definition.payload, payload).First();
  const detail = first ? `${first.path || '/'} ${first.message}` : 'does not match its schema';
  throw new InvalidJobPayloadError(definition.name, detail);
}
