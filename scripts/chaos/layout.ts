import { readFile } from 'node:fs/promises';
import { isQueueName, type QueueName, queueNames } from '@portal/queue';
import { parse } from 'yaml';

export type WorkerGroup = { name: string; queues: QueueName[] };

type ComposeFile = { services?: Record<string, { environment?: Record<string, unknown> } | null> };

/**
 * The workers of compose.yaml (each service's WORKER_QUEUES), so the suite runs the layout compose
 * shows. Every queue must have exactly one of them: a queue without a worker would hold its jobs,
 * and two would make a fault of one worker a fault of nothing.
 */
export async function composeWorkers(composeFile: string): Promise<WorkerGroup[]> {
  const compose = parse(await readFile(composeFile, 'utf8'), { merge: true }) as ComposeFile;
  const groups: WorkerGroup[] = [];
  for (const [service, definition] of Object.entries(compose.services ?? {})) {
    const queues = definition?.environment?.WORKER_QUEUES;
    if (typeof queues !== 'string') continue;
    const names = queues.split(',').map((queue) => queue.trim());
    const unknown = names.filter((queue) => !isQueueName(queue));
    if (unknown.length > 0)
      throw new Error(`${composeFile}: ${service} names unknown queue ${unknown.join(', ')}`);
    groups.push({ name: service, queues: names as QueueName[] });
  }
  for (const queue of queueNames) {
    const holders = groups.filter((group) => group.queues.includes(queue));
    if (holders.length !== 1)
      throw new Error(
        `${composeFile}: queue ${queue} has ${holders.length} workers (${holders.map((g) => g.name).join(', ') || 'none'}); the suite needs exactly one`,
      );
  }
  return groups;
}
