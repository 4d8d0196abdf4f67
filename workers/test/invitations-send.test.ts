import { insertInvitation } from '@portal/db';
import { createTestDatabase, type TestDatabase } from '@portal/db/testing';
import { enqueue, workerConnection } from '@portal/queue';
import { Queue } from 'bullmq';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailInvitation } from '../src/invitations/send-invitation.js';
import { DEFAULT_MAIL_FROM } from '../src/mail/send-mail.js';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';
import { quietLogger, REDIS_URL, randomPrefix, waitFor } from './helpers.js';

const prefix = randomPrefix();
const publicUrl = 'https://portal.example';
let t: TestDatabase;

/** A real SMTP server that takes the whole first message to `flaky`, then fails it (451). */
async function startFlakySmtpServer(flaky: string) {
  const accepted: ParsedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
          if (refused === 0 && to.includes(flaky)) {
            refused += 1;
            const error = Object.assign(new Error('Connection dropped mid-send, try again'), {
              responseCode: 451,
            });
            return callback(error);
          }
          accepted.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.server.once('listening', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function newInvitation(email: string) {
  await t.db
    .insertInto('tenants')
    .values({ tenant_id: 'saas-acme', display_name: 'Acme Stores - Partner Portal', logo_url: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const now = new Date();
  return insertInvitation(t.db, {
    tenantId: 'saas-acme',
    emailAddress: email,
    userRoleIds: [],
    isThoughtSpotUser: false,
    inviterName: 'Tess Tenant',
    createdAt: now,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
  });
}

const mailJobs = (invitationId: string) =>
  t.db
    .selectFrom('outbox')
    .select(['job_id', 'payload'])
    .where('job_name', '=', 'mail.send')
    .where('job_id', '=', `invitation-mail-${invitationId}`)
    .execute();

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

describe('mailing an invitation', () => {
  it('hands one e-mail to the mail queue however often or concurrently it runs, and keeps only the token hash', async () => {
    const invitation = await newInvitation('once@invited.demo');
    const input = { invitationId: invitation.invitationId, publicUrl, now: () => new Date() };
    const outcomes = await Promise.all([mailInvitation(t.db, input), mailInvitation(t.db, input)]);
    expect(outcomes.sort()).toEqual(['already-mailed', 'queued']);
    expect(await mailInvitation(t.db, input)).toBe('already-mailed');
    const jobs = await mailJobs(invitation.invitationId);
    expect(jobs).toHaveLength(1);
    const text = (jobs[0]!.payload as { text: string }).text;
    const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    const row = await t.db
      .selectFrom('invitations')
      .select(['token_hash', 'mailed_at'])
      .where('invitation_id', '=', invitation.invitationId)
      .executeTakeFirstOrThrow();
    expect(row.mailed_at).not.toBeNull();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
  });

  it('mails nothing for a deleted invitation', async () => {
    const invitation = await newInvitation('gone@invited.demo');
    await t.db
      .updateTable('invitations')
      .set({ deleted_at: new Date() })
      .where('invitation_id', '=', invitation.invitationId)
      .execute();
    const outcome = await mailInvitation(t.db, {
      invitationId: invitation.invitationId,
      publicUrl,
      now: () => new Date(),
    });
    expect(outcome).toBe('not-pending');
    expect(await mailJobs(invitation.invitationId)).toHaveLength(0);
  });
});

describe('the invitations.send job', () => {
  let workers: RunningWorkers | undefined;
  let smtp: Awaited<ReturnType<typeof startFlakySmtpServer>> | undefined;
  const queues: Queue[] = [];
  afterAll(async () => {
    await workers?.stop();
    for (const queue of queues) {
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await smtp?.close();
  });

  it('retried after a failure mid-send delivers exactly one e-mail', async () => {
    smtp = await startFlakySmtpServer('retry@invited.demo');
    workers = await startWorkers({
      handle: t,
      redisUrl: REDIS_URL,
      prefix,
      queues: ['invitations', 'mail'],
      mailConfig: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir: 'unused' },
      logger: quietLogger,
      relay: { pollMs: 100 },
      publicUrl,
    });
    const invitationsQueue = new Queue('invitations', { connection: workerConnection(REDIS_URL), prefix });
    const mailQueue = new Queue('mail', { connection: workerConnection(REDIS_URL), prefix });
    queues.push(invitationsQueue, mailQueue);

    const invitation = await newInvitation('retry@invited.demo');
    const { jobId } = await t.db
      .transaction()
      .execute((trx) =>
        enqueue(trx, { name: 'invitations.send', payload: { invitationId: invitation.invitationId } }),
      );

    // The first delivery is cut off by the SMTP server; the mail job is retried with backoff.
    const toRetry = () =>
      smtp!.accepted.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'retry@invited.demo');
    const mail = await waitFor('the retried e-mail to arrive', () => toRetry()[0], 60_000);
    expect(smtp.refusedCount()).toBe(1);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value.map((a) => a.address)).toEqual([
      'retry@invited.demo',
    ]);
    expect(mail.subject).toBe('Tess Tenant invited you to Acme Stores on the Partner Portal');
    expect(mail.text).toContain(`${publicUrl}/api/saas/invitations/accept?token=`);

    // The invitation job run again (a worker that died before acknowledging it) sends nothing more.
    const first = await invitationsQueue.getJob(jobId);
    const firstFinished = first?.finishedOn ?? 0;
    await first?.retry('completed');
    await waitFor('the invitation job to complete again', async () => {
      const again = await invitationsQueue.getJob(jobId);
      return (again?.finishedOn ?? 0) > firstFinished && (await again?.isCompleted());
    });
    const mailJob = await mailQueue.getJob(`invitation-mail-${invitation.invitationId}`);
    expect(await mailJob?.isCompleted()).toBe(true);
    expect(toRetry()).toHaveLength(1);
    expect(await mailJobs(invitation.invitationId)).toHaveLength(1);
    const delivery = await t.db
      .selectFrom('mail_deliveries')
      .selectAll()
      .where('job_id', '=', `invitation-mail-${invitation.invitationId}`)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2 });
  }, 90_000);
});
