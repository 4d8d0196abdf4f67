import { parseArgs } from 'node:util';
import {
  createProducerQueues,
  DEFAULT_QUEUE_PREFIX,
  DEFAULT_REDIS_URL,
  type FailedJob,
  isQueueName,
  listFailedJobs,
  type QueueName,
  queueNames,
  retryFailedJobs,
  withTimeout,
} from '@portal/queue';

// Failed jobs stay in BullMQ's failed set. This lists them and moves them back to waiting:
//   npx tsx scripts/replay-jobs.ts [--queue mail]... [--list]
// Reads REDIS_URL and QUEUE_PREFIX like the workers.
const usage = 'usage: npx tsx scripts/replay-jobs.ts [--queue <name>]... [--list]';

function describe(job: FailedJob): string {
  const at = job.failedAt?.toISOString() ?? '-';
  return `${job.queue}\t${job.id}\t${job.name}\tattempts=${job.attemptsMade}\tfailed=${at}\t${job.failedReason}`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { queue: { type: 'string', multiple: true }, list: { type: 'boolean', default: false } },
  });
  const names = values.queue ?? [...queueNames];
  const unknown = names.filter((name) => !isQueueName(name));
  if (unknown.length > 0) {
    console.error(`Unknown queue ${unknown.join(', ')}; queues are ${queueNames.join(', ')}`);
    return 2;
  }
  const queues = createProducerQueues({
    redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    prefix: process.env.QUEUE_PREFIX || DEFAULT_QUEUE_PREFIX,
  });
  try {
    const selected = names as QueueName[];
    const work = values.list ? listFailedJobs(queues, selected) : retryFailedJobs(queues, selected);
    const jobs = await withTimeout(work, 10_000, `Redis at ${process.env.REDIS_URL || DEFAULT_REDIS_URL}`);
    for (const job of jobs) console.log(describe(job));
    console.log(values.list ? `${jobs.length} failed job(s)` : `Retried ${jobs.length} job(s)`);
    return 0;
  } finally {
    await queues.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof TypeError ? `${error.message}\n${usage}` : error);
    process.exit(1);
  },
);
