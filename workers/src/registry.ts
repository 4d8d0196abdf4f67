import {
  assertPayload,
  type HandlerInput,
  InvalidJobPayloadError,
  type JobDefinition,
  type JobName,
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

/** Work a worker consuming the job's queue does once at start (catching up what was missed). */
export type StartupStep = {
  /** What the step does, for the log: 'catch up report monitor checks'. */
  what: string;
  attempt: (logger: Logger) => Promise<void>;
};

export type JobHandler<N extends JobName = JobName> = {
  name: N;
  /** Gets the payload, or the list of payloads of a grouped job. */
  handle(input: HandlerInput<N>, context: JobContext): Promise<void>;
  atStart?: StartupStep;
};

/** Any job's handler: a union over job names, so a list of handlers stays type-checked. */
export type AnyJobHandler = { [N in JobName]: JobHandler<N> }[JobName];

/**
 * One handler per job, keyed by its name: a job of packages/queue/src/jobs without a handler here,
 * or a key that is no job, does not compile (see test/handlers.typecheck.ts).
 */
export type JobHandlers = { [N in JobName]: JobHandler<N> };

export function defineHandler<N extends JobName>(
  name: N,
  handle: (input: HandlerInput<N>, context: JobContext) => Promise<void>,
  options: { atStart?: StartupStep } = {},
): JobHandler<N> {
  return { name, handle, ...options };
}

export type RegisteredJob = { definition: JobDefinition; handler: AnyJobHandler };

export type Registry = {
  /** Queues that have at least one job. */
  queues(): QueueName[];
  /**
   * The queues a worker consumes: those asked for (WORKER_QUEUES), else every queue with a job.
   * Throws naming a queue no job uses: such a worker would sit idle while looking healthy.
   */
  consumed(requested?: readonly QueueName[]): QueueName[];
  /** The jobs of one queue with their handlers, for its start-up steps and schedules. */
  jobsOf(queue: QueueName): RegisteredJob[];
  run(name: string, payload: unknown, context: JobContext): Promise<void>;
};

/**
 * Maps every job name to exactly one handler. The compiler checks JobHandlers; this checks again
 * at boot (a handler filed under another job's key, definitions given by a test), naming each job
 * that has no handler or two, so a missing handler is a failed deploy rather than jobs failing in
 * the night.
 */
export function createRegistry(
  handlers: Readonly<Partial<Record<string, AnyJobHandler>>>,
  definitions: readonly JobDefinition[] = jobDefinitions,
): Registry {
  const listed = Object.values(handlers).filter((handler) => handler !== undefined);
  const problems: string[] = [];
  const byName = new Map<string, RegisteredJob>();
  for (const definition of definitions) {
    const found = listed.filter((handler) => handler.name === definition.name);
    if (found.length === 0)
      problems.push(`job "${definition.name}" (queue ${definition.queue}) has no handler`);
    if (found.length > 1) problems.push(`job "${definition.name}" has ${found.length} handlers`);
    if (found.length === 1) byName.set(definition.name, { definition, handler: found[0]! });
  }
  for (const handler of listed) {
    if (!definitions.some((definition) => definition.name === handler.name)) {
      problems.push(`handler for "${handler.name}" matches no job definition`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`Job registry: ${problems.join('; ')}. Register handlers in workers/src/handlers.ts.`);
  }

  const queues = () => [...new Set(definitions.map((definition) => definition.queue))];
  return {
    queues,
    consumed(requested) {
      if (!requested) return queues();
      const idle = requested.filter((queue) => !queues().includes(queue));
      if (idle.length > 0) {
        throw new Error(`Workers: no job uses queue ${idle.join(', ')}; remove it from WORKER_QUEUES.`);
      }
      return [...requested];
    },
    jobsOf: (queue) => [...byName.values()].filter(({ definition }) => definition.queue === queue),
    async run(name, payload, context) {
      const entry = byName.get(name);
      // Retrying cannot fix either of these; the job goes straight to the failed set.
      if (!entry) throw new UnrecoverableError(`No handler for job "${name}" in this worker`);
      const handle = entry.handler.handle as (input: unknown, context: JobContext) => Promise<void>;
      if (!entry.definition.grouped) {
        try {
          assertPayload(entry.definition, payload);
        } catch (error) {
          if (error instanceof InvalidJobPayloadError) throw new UnrecoverableError(error.message);
          throw error;
        }
        return handle(payload, context);
      }
      // A group: the valid payloads are handled; any invalid one then fails the job for replay.
      // (A payload alone is a job an older relay published before the job was grouped.)
      const items: unknown[] = Array.isArray(payload) ? payload : [payload];
      const problems: string[] = [];
      const valid = items.filter((item) => {
        try {
          assertPayload(entry.definition, item);
          return true;
        } catch (error) {
          if (!(error instanceof InvalidJobPayloadError)) throw error;
          problems.push(error.message);
          return false;
        }
      });
      if (valid.length > 0) await handle(valid, context);
      if (problems.length > 0) {
        throw new UnrecoverableError(
          `${problems.length} of ${items.length} payloads invalid: ${problems[0]}`,
        );
      }
    },
  };
}
