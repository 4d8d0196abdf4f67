import {
  assertPayload,
  InvalidJobPayloadError,
  type JobDefinition,
  type JobName,
  type JobPayload,
  jobDefinitions,
  type QueueName,
} from '@portal/queue';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';

export type JobContext = {
  /** The BullMQ job id: the outbox id, or the deterministic id given to enqueue. */
  jobId: string;
  attemptsMade: number;
  logger: Logger;
};

export type JobHandler<N extends JobName = JobName> = {
  name: N;
  handle(payload: JobPayload<N>, context: JobContext): Promise<void>;
};

/** Any job's handler: a union over job names, so a list of handlers stays type-checked. */
export type AnyJobHandler = { [N in JobName]: JobHandler<N> }[JobName];

export function defineHandler<N extends JobName>(
  name: N,
  handle: (payload: JobPayload<N>, context: JobContext) => Promise<void>,
): JobHandler<N> {
  return { name, handle };
}

export type Registry = {
  /** Queues that have at least one job. */
  queues(): QueueName[];
  run(name: string, payload: unknown, context: JobContext): Promise<void>;
};

/**
 * Maps every job name to exactly one handler. Throws at boot, naming each job that has no
 * handler or two, so a missing handler is a failed deploy rather than jobs failing in the night.
 */
export function createRegistry(
  handlers: readonly AnyJobHandler[],
  definitions: readonly JobDefinition[] = jobDefinitions,
): Registry {
  const problems: string[] = [];
  const byName = new Map<string, { definition: JobDefinition; handler: AnyJobHandler }>();
  for (const definition of definitions) {
    const found = handlers.filter((handler) => handler.name === definition.name);
    if (found.length === 0)
      problems.push(`job "${definition.name}" (queue ${definition.queue}) has no handler`);
    if (found.length > 1) problems.push(`job "${definition.name}" has ${found.length} handlers`);
    if (found.length === 1) byName.set(definition.name, { definition, handler: found[0]! });
  }
  for (const handler of handlers) {
    if (!definitions.some((definition) => definition.name === handler.name)) {
      problems.push(`handler for "${handler.name}" matches no job definition`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`Job registry: ${problems.join('; ')}. Register handlers in workers/src/handlers.ts.`);
  }

  return {
    queues: () => [...new Set(definitions.map((definition) => definition.queue))],
    async run(name, payload, context) {
      const entry = byName.get(name);
      // Retrying cannot fix either of these; the job goes straight to the failed set.
      if (!entry) throw new UnrecoverableError(`No handler for job "${name}" in this worker`);
      try {
        assertPayload(entry.definition, payload);
      } catch (error) {
        if (error instanceof InvalidJobPayloadError) throw new UnrecoverableError(error.message);
        throw error;
      }
      await (entry.handler.handle as (payload: unknown, context: JobContext) => Promise<void>)(
        payload,
        context,
      );
    },
  };
}
