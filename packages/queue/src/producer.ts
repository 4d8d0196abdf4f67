import { Queue, type Telemetry } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { producerConnection } from './connection.js';
import { type QueueName, queueNames } from './queues.js';

export type ProducerOptions = {
  redisUrl: string;
  prefix: string;
  queues?: readonly QueueName[];
  /** Connection settings; the fast-failing producerConnection unless given. */
  connection?: RedisOptions;
  /** BullMQ's telemetry (bullmq-otel): adds become producer spans carrying their context to the job. */
  telemetry?: Telemetry | undefined;
};

export type ProducerQueues = {
  /** The queues this producer may add to. */
  names: readonly QueueName[];
  get(name: QueueName): Queue;
  close(): Promise<void>;
};

/** One BullMQ Queue per queue name, created on first use, with the fast-failing connection. */
export function createProducerQueues({
  redisUrl,
  prefix,
  queues = queueNames,
  connection,
  telemetry,
}: ProducerOptions): ProducerQueues {
  const open = new Map<QueueName, Queue>();
  return {
    names: queues,
    get(name) {
      if (!queues.includes(name)) throw new Error(`Queue "${name}" is not one of ${queues.join(', ')}`);
      let queue = open.get(name);
      if (!queue) {
        queue = new Queue(name, {
          connection: connection ?? producerConnection(redisUrl),
          prefix,
          ...(telemetry ? { telemetry } : {}),
        });
        // Connection errors surface on the calls that fail; the event would only repeat them.
        queue.on('error', () => {});
        open.set(name, queue);
      }
      return queue;
    },
    async close() {
      const closing = [...open.values()];
      open.clear();
      // Only the adds are traced: a close would be a trace of its own, with nothing to say.
      for (const queue of closing) queue.opts.telemetry = undefined;
      await Promise.allSettled(closing.map((queue) => queue.close()));
    },
  };
}
