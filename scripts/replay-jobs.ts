import { parseArgs } from 'node:util';
import { readEnv, SharedEnvSchema } from '@portal/process/env';
import {
  createProducerQueues,
  type FailedJob,
  isQueueName,
  listFailedJobs,
  type QueueName,
  queueNames,
  type ReplaySelection,
  retryFailedJobs,
  selectFailedJobs,
  withTimeout,
} from '@portal/queue';

// A job that still fails after its retries stays in BullMQ's failed set. This lists those jobs and
// moves them back to waiting (the handlers are idempotent, so a replay never sends twice):
//   npx tsx scripts/replay-jobs.ts [--queue mail]... [--id <job id>]... [--since <when>] [--list | --dry-run]
// --since takes an ISO date-time (2026-11-23T08:00:00Z) or an age (30m, 6h, 2d).
// --dry-run prints what would be retried and changes nothing. Reads REDIS_URL and QUEUE_PREFIX.
const usage =
  'usage: replay-jobs [--queue <name>]... [--id <job id>]... [--since <ISO date-time | 30m | 6h | 2d>] [--list | --dry-run]';

class UsageError extends Error {}

function describe(job: FailedJob): string {
  const at = job.failedAt?.toISOString() ?? '-';
  return `${job.queue}\t${job.id}\t${job.name}\tattempts=${job.attemptsMade}\tfailed=${at}\t${job.failedReason}`;
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function parseSince(value: string, now = new Date()): Date {
  const age = /^(\d+)([mhd])$/.exec(value);
  if (age) return new Date(now.getTime() - Number(age[1]) * UNIT_MS[age[2] as keyof typeof UNIT_MS]);
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at.getTime())) {
    throw new UsageError(`--since: expected an ISO date-time or an age like 30m, 6h, 2d; got "${value}"`);
  }
  return at;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      queue: { type: 'string', multiple: true },
      id: { type: 'string', multiple: true },
      since: { type: 'string' },
      list: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const names = values.queue ?? [...queueNames];
  const unknown = names.filter((name) => !isQueueName(name));
  if (unknown.length > 0) {
    console.error(`Unknown queue ${unknown.join(', ')}; queues are ${queueNames.join(', ')}`);
    return 2;
  }
  const selection: ReplaySelection = {
    ...(values.id && { ids: values.id }),
    ...(values.since && { since: parseSince(values.since) }),
  };
  const env = readEnv(SharedEnvSchema, process.env);
  const redisUrl = env.REDIS_URL;
  const queues = createProducerQueues({ redisUrl, prefix: env.QUEUE_PREFIX });
  try {
    const selected = names as QueueName[];
    const lookOnly = values.list || values['dry-run'];
    const work = lookOnly
      ? listFailedJobs(queues, selected).then((jobs) => selectFailedJobs(jobs, selection))
      : retryFailedJobs(queues, selected, selection);
    const jobs = await withTimeout(work, 10_000, `Redis at ${redisUrl}`);
    const missing = (selection.ids ?? []).filter((id) => !jobs.some((job) => job.id === id));
    for (const id of missing) console.error(`No failed job with id ${id} in ${names.join(', ')}`);
    if (values['dry-run']) {
      for (const job of jobs) console.log(`would retry\t${describe(job)}`);
      console.log(`Dry run: would retry ${jobs.length} job(s); nothing changed`);
    } else {
      for (const job of jobs) console.log(describe(job));
      console.log(values.list ? `${jobs.length} failed job(s)` : `Retried ${jobs.length} job(s)`);
    }
    return missing.length > 0 ? 3 : 0;
  } finally {
    await queues.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const wrongUse = error instanceof UsageError || error instanceof TypeError;
    console.error(wrongUse ? `${(error as Error).message}\n${usage}` : error);
    process.exit(wrongUse ? 2 : 1);
  },
);
