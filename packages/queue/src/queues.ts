// The BullMQ queues of ARCHITECTURE.md. A worker process consumes some of them (WORKER_QUEUES).
export const queueNames = [
  'mail',
  'activity',
  'monitors',
  'invitations',
  'batches',
  'notifications',
  'webhooks',
] as const;

export type QueueName = (typeof queueNames)[number];

export function isQueueName(value: string): value is QueueName {
  return (queueNames as readonly string[]).includes(value);
}
