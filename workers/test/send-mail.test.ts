import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@portal/db';
import { enqueue, workerConnection } from '@portal/queue';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import {
  freePort,
  quietLogger,
  REDIS_URL,
  randomPrefix,
  startSmtpServer,
  type TestSmtpServer,
  waitFor,
} from '@portal/testing/workers/helpers';
import { Queue } from 'bullmq';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer, sendMailOnce } from '../src/mail/send-mail.js';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';

const prefix = randomPrefix();
let t: TestDatabase;
let smtp: TestSmtpServer;
let mailDir: string;

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
});

afterAll(async () => {
  await smtp?.close();
  await t?.drop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

const statement = {
  to: ['ada@example.com', 'grace@example.com'],
  cc: ['ops@example.com'],
  subject: 'Your statement is ready',
  text: 'The November statement is ready.',
  html: '<p>The November statement is ready.</p>',
};

function delivery(jobId: string) {
  return t.db.selectFrom('mail_deliveries').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
}

describe('sending mail by SMTP', () => {
  it('sends the message once with its recipients, subject, body and a Message-ID from the job', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir });
    expect(await sendMailOnce(t.db, mailer, 'job-statement-1', statement)).toBe('sent');
    expect(await sendMailOnce(t.db, mailer, 'job-statement-1', statement)).toBe('already-sent');
    mailer.close();

    const received = smtp.messages.filter((mail) => mail.messageId === '<job-statement-1@portal>');
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from?.value).toEqual([{ name: 'Partner Portal', address: 'no-reply@portal.local' }]);
    expect(mail?.to && !Array.isArray(mail.to) && mail.to.value.map((a) => a.address)).toEqual(statement.to);
    expect(mail?.cc && !Array.isArray(mail.cc) && mail.cc.value.map((a) => a.address)).toEqual(statement.cc);
    expect(mail?.subject).toBe(statement.subject);
    expect(mail?.text?.trim()).toBe(statement.text);
    expect(mail?.html).toContain(statement.html);
    expect(await delivery('job-statement-1')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('records a failed send and sends on the retry', async () => {
    const closedPort = await freePort();
    const down = createMailer({
      smtpUrl: `smtp://127.0.0.1:${closedPort}`,
      from: DEFAULT_MAIL_FROM,
      mailDir,
    });
    await expect(sendMailOnce(t.db, down, 'job-retry-1', statement)).rejects.toThrow();
    expect(await delivery('job-retry-1')).toMatchObject({ status: 'failed', sent_at: null });

    const up = createMailer({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir });
    expect(await sendMailOnce(t.db, up, 'job-retry-1', statement)).toBe('sent');
    expect(await delivery('job-retry-1')).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.messages.filter((mail) => mail.messageId === '<job-retry-1@portal>')).toHaveLength(1);
  });
});

describe('recording a sent mail', () => {
  it('records it once the database answers again, so a retry does not send it twice', async () => {
    const smtpMailer = createMailer({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir });
    // The message goes out, then the table is away: the first record fails, and the table comes
    // back when that failure is seen (the log of a database handle on the same pool).
    let away = false;
    let back: Promise<unknown> | undefined;
    const watched = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: t.pool as NonNullable<typeof t.pool> }),
      log(event) {
        if (event.level === 'error' && away && !back) {
          back = sql`alter table mail_deliveries_away rename to mail_deliveries`.execute(t.db);
        }
      },
    });
    const mailer: Mailer = {
      async send(message, messageId, fileName) {
        await smtpMailer.send(message, messageId, fileName);
        await sql`alter table mail_deliveries rename to mail_deliveries_away`.execute(t.db);
        away = true;
      },
      close: () => smtpMailer.close(),
    };
    expect(await sendMailOnce(watched, mailer, 'job-record-1', statement)).toBe('sent');
    expect(back).toBeDefined();
    mailer.close();
    expect(await delivery('job-record-1')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await sendMailOnce(t.db, mailer, 'job-record-1', statement)).toBe('already-sent');
    expect(smtp.messages.filter((mail) => mail.messageId === '<job-record-1@portal>')).toHaveLength(1);
  });
});

describe('sending mail without SMTP', () => {
  it('writes one .eml file per job', async () => {
    const mailer = createMailer({ from: DEFAULT_MAIL_FROM, mailDir });
    expect(await sendMailOnce(t.db, mailer, 'job-eml-1', statement)).toBe('sent');
    expect(await sendMailOnce(t.db, mailer, 'job-eml-1', statement)).toBe('already-sent');
    expect(await readdir(mailDir)).toEqual(['job-eml-1.eml']);
    const mail = await simpleParser(await readFile(join(mailDir, 'job-eml-1.eml')));
    expect(mail.subject).toBe(statement.subject);
    expect(mail.messageId).toBe('<job-eml-1@portal>');
  });
});

describe('sending a draft (a message holding a secret drawn as it is sent)', () => {
  it('writes the message only once the delivery is claimed, and sends nothing when there is nothing left to send', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir });
    const claims: unknown[] = [];
    const draft = (text: string | undefined) => ({
      to: ['ada@example.com'],
      subject: 'Drafted',
      write: async () => {
        claims.push((await delivery('job-draft-1')).status);
        return text === undefined ? undefined : { to: ['ada@example.com'], subject: 'Drafted', text };
      },
    });
    expect(await sendMailOnce(t.db, mailer, 'job-draft-1', draft(undefined))).toBe('withdrawn');
    expect(await delivery('job-draft-1')).toMatchObject({ status: 'failed', sent_at: null });
    expect(smtp.messages.filter((mail) => mail.messageId === '<job-draft-1@portal>')).toHaveLength(0);

    expect(await sendMailOnce(t.db, mailer, 'job-draft-1', draft('Written at send time.'))).toBe('sent');
    expect(await sendMailOnce(t.db, mailer, 'job-draft-1', draft('Never written.'))).toBe('already-sent');
    mailer.close();
    expect(claims).toEqual(['sending', 'sending']);
    const sent = smtp.messages.filter((mail) => mail.messageId === '<job-draft-1@portal>');
    expect(sent.map((mail) => mail.text?.trim())).toEqual(['Written at send time.']);
    expect(await delivery('job-draft-1')).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });
});

describe('the mail.send job', () => {
  let workers: RunningWorkers;
  let queue: Queue;
  afterAll(async () => {
    await workers?.stop();
    await queue?.obliterate({ force: true });
    await queue?.close();
  });

  it('arrives once, and running the same job again sends nothing more', async () => {
    workers = await startWorkers({
      handle: t,
      redisUrl: REDIS_URL,
      prefix,
      queues: ['mail'],
      mailConfig: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir },
      logger: quietLogger,
      relay: { pollMs: 100 },
    });
    queue = new Queue('mail', { connection: workerConnection(REDIS_URL), prefix });
    const payload = { to: ['lin@example.com'], subject: 'Invitation', text: 'Welcome aboard.' };
    const { jobId } = await enqueue(t.db, { name: 'mail.send', payload });
    const messageId = `<${jobId}@portal>`;

    const first = await waitFor('the job to complete', async () => {
      const job = await queue.getJob(jobId);
      return job?.finishedOn && (await job.isCompleted()) ? job.finishedOn : undefined;
    });
    expect(smtp.messages.filter((mail) => mail.messageId === messageId)).toHaveLength(1);

    const job = await queue.getJob(jobId);
    await job?.retry('completed');
    await waitFor('the job to complete a second time', async () => {
      const again = await queue.getJob(jobId);
      return again?.finishedOn && again.finishedOn > first && (await again.isCompleted());
    });
    expect(smtp.messages.filter((mail) => mail.messageId === messageId)).toHaveLength(1);
    expect(await delivery(jobId)).toMatchObject({ status: 'sent', recipients: ['lin@example.com'] });
  });
});
