import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle, migrateToLatest } from '@portal/db';
import { enqueue, workerConnection } from '@portal/queue';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../src/mail/send-mail.js';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';
import { quietLogger, REDIS_URL, randomPrefix, waitFor } from './helpers.js';

// `npm start` on a bare machine: PGlite in the API's process, workers beside it, mail as files.
const prefix = randomPrefix();
let handle: DatabaseHandle;
let mailDir: string;
let workers: RunningWorkers;

beforeAll(async () => {
  handle = connect({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  workers = await startWorkers({
    handle,
    redisUrl: REDIS_URL,
    prefix,
    mailConfig: { from: DEFAULT_MAIL_FROM, mailDir },
    logger: quietLogger,
    relay: { pollMs: 100 },
  });
});

afterAll(async () => {
  await workers?.stop();
  const queue = new Queue('mail', { connection: workerConnection(REDIS_URL), prefix });
  await queue.obliterate({ force: true });
  await queue.close();
  await handle?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

it('relays by polling and writes the message as an .eml file', async () => {
  const payload = { to: ['demo@portal.local'], subject: 'Welcome', text: 'Hello from the demo.' };
  const { jobId } = await enqueue(handle.db, { name: 'mail.send', payload });
  await waitFor('the .eml file', async () => (await readdir(mailDir)).includes(`${jobId}.eml`));
  await waitFor('the delivery marked sent', async () => {
    const delivery = await handle.db
      .selectFrom('mail_deliveries')
      .select('status')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return delivery?.status === 'sent';
  });
  // On a fresh database the workers also catch up the nightly batches missed since the last
  // business day, and mail their summaries beside it: only this job's files are counted.
  expect((await readdir(mailDir)).filter((name) => name.startsWith(jobId))).toEqual([`${jobId}.eml`]);
  const row = await handle.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
  expect(row.published_at).not.toBeNull();
});
