import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { workerConnection } from '@portal/queue';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `{test-${randomBytes(5).toString('hex')}}`;
const script = fileURLToPath(new URL('../replay-jobs.ts', import.meta.url));

let queue: Queue;
let worker: Worker;
let outcomes: string[] = [];

function replay(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, REDIS_URL, QUEUE_PREFIX: prefix },
  });
}

async function counts() {
  return queue.getJobCounts('failed', 'completed', 'waiting', 'active');
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  queue = new Queue('mail', { connection: workerConnection(REDIS_URL), prefix });
  // Fails while the SMTP server is "down", succeeds once it is "back".
  let smtpUp = false;
  worker = new Worker(
    'mail',
    async (job) => {
      outcomes.push(`${job.id}:${smtpUp ? 'sent' : 'refused'}`);
      if (!smtpUp) throw new Error('SMTP refused');
    },
    { connection: workerConnection(REDIS_URL), prefix },
  );
  await queue.add(
    'mail.send',
    { to: ['a@example.com'] },
    { jobId: 'job-a', attempts: 1, removeOnFail: false },
  );
  await waitFor('the job to fail', async () => (await counts()).failed === 1);
  smtpUp = true;
});

afterAll(async () => {
  await worker?.close();
  await queue?.obliterate({ force: true });
  await queue?.close();
});

it('lists failed jobs without touching them', async () => {
  const { stdout } = await replay('--queue', 'mail', '--list');
  expect(stdout).toMatch(/^mail\tjob-a\tmail\.send\tattempts=1\tfailed=\S+\tSMTP refused$/m);
  expect(stdout).toContain('1 failed job(s)');
  expect(await counts()).toMatchObject({ failed: 1, completed: 0 });
});

it('retries failed jobs', async () => {
  const { stdout } = await replay('--queue', 'mail');
  expect(stdout).toContain('Retried 1 job(s)');
  await waitFor('the retried job to complete', async () => (await counts()).completed === 1);
  expect(await counts()).toMatchObject({ failed: 0, completed: 1 });
  expect(outcomes).toEqual(['job-a:refused', 'job-a:sent']);
  outcomes = [];
});

it('refuses an unknown queue', async () => {
  await expect(replay('--queue', 'nope', '--list')).rejects.toMatchObject({ code: 2 });
});
