import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { workerConnection } from '@portal/queue';
import { TEST_REDIS_URL as REDIS_URL } from '@portal/testing';
import { waitFor } from '@portal/testing/wait-for';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

// Each test starts the operator command as a process of its own, up to four times, and tsx compiles
// it at every start: seconds each on a loaded two-core machine. The bound is per process, not a
// timed assertion.
vi.setConfig({ testTimeout: 120_000 });

const run = promisify(execFile);
const prefix = `{test-${randomBytes(5).toString('hex')}}`;
const script = fileURLToPath(new URL('../replay-jobs.ts', import.meta.url));

let queue: Queue;
let worker: Worker;
let outcomes: string[] = [];
/** The "SMTP server" the worker sends to: refused while false. */
let smtpUp = false;

function replay(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, REDIS_URL, QUEUE_PREFIX: prefix },
  });
}

async function counts() {
  return queue.getJobCounts('failed', 'completed', 'waiting', 'active');
}

beforeAll(async () => {
  queue = new Queue('mail', { connection: workerConnection(REDIS_URL), prefix });
  // Fails while the SMTP server is "down", succeeds once it is "back".
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

it('with --dry-run prints what it would retry and changes nothing; --id and --since choose jobs', async () => {
  smtpUp = false;
  for (const jobId of ['job-b', 'job-c']) {
    await queue.add('mail.send', { to: ['b@example.com'] }, { jobId, attempts: 1, removeOnFail: false });
  }
  await waitFor('both jobs to fail', async () => (await counts()).failed === 2);
  smtpUp = true;

  const dry = await replay('--queue', 'mail', '--dry-run');
  expect(dry.stdout).toMatch(/^would retry\tmail\tjob-b\tmail\.send\tattempts=1\tfailed=\S+\tSMTP refused$/m);
  expect(dry.stdout).toMatch(/^would retry\tmail\tjob-c\t/m);
  expect(dry.stdout).toContain('Dry run: would retry 2 job(s); nothing changed');
  expect(await counts()).toMatchObject({ failed: 2 });

  const later = new Date(Date.now() + 3_600_000).toISOString();
  expect((await replay('--dry-run', '--since', later)).stdout).toContain('would retry 0 job(s)');
  expect((await replay('--dry-run', '--since', '1h')).stdout).toContain('would retry 2 job(s)');

  const one = await replay('--queue', 'mail', '--id', 'job-b');
  expect(one.stdout).toMatch(/^mail\tjob-b\t/m);
  expect(one.stdout).toContain('Retried 1 job(s)');
  await waitFor('job-b to complete', async () => (await counts()).completed === 2);
  expect(await counts()).toMatchObject({ failed: 1 });
  expect(outcomes).toEqual(['job-b:refused', 'job-c:refused', 'job-b:sent']);
});

it('says so when an --id is not a failed job, and refuses a --since it cannot read', async () => {
  await expect(replay('--id', 'no-such-job', '--dry-run')).rejects.toMatchObject({
    code: 3,
    stderr: expect.stringContaining('No failed job with id no-such-job'),
  });
  await expect(replay('--since', 'yesterday', '--dry-run')).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--since: expected an ISO date-time'),
  });
});
