import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findInvitationByTokenHash, insertInvitation, sha256Hex } from '@portal/db';
import { enqueue, workerConnection } from '@portal/queue';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { quietLogger, REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { outboxText, redisText, TOKEN_IN_LINK } from '@portal/testing/workers/invitations-at-rest';
import { Queue } from 'bullmq';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from '../src/mail/send-mail.js';
import { queueInvitationMail } from '../src/saas-users/send-invitation.js';
import { sendInvitationMail } from '../src/saas-users/send-invitation-mail.js';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';

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

async function newInvitation(email: string, inviterName = 'Tess Tenant') {
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
    inviterName,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
  });
}

const mailJobs = (invitationId: string) =>
  t.db
    .selectFrom('outbox')
    .select(['job_name', 'job_id', 'payload'])
    .where('queue', '=', 'mail')
    .where('job_id', '=', `invitation-mail-${invitationId}`)
    .execute();

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const tokenHashOf = async (invitationId: string) =>
  (
    await t.db
      .selectFrom('invitations')
      .select('token_hash')
      .where('invitation_id', '=', invitationId)
      .executeTakeFirstOrThrow()
  ).token_hash;

describe('queueing an invitation e-mail', () => {
  it('hands one e-mail to the mail queue however often or concurrently it runs, naming the invitation and holding no token', async () => {
    const invitation = await newInvitation('once@invited.demo');
    const input = { invitationId: invitation.invitationId, now: () => new Date() };
    const outcomes = await Promise.all([queueInvitationMail(t.db, input), queueInvitationMail(t.db, input)]);
    expect(outcomes.sort()).toEqual(['already-mailed', 'queued']);
    expect(await queueInvitationMail(t.db, input)).toBe('already-mailed');
    expect(await mailJobs(invitation.invitationId)).toEqual([
      {
        job_name: 'mail.invitation',
        job_id: `invitation-mail-${invitation.invitationId}`,
        payload: { invitationId: invitation.invitationId },
      },
    ]);
    const row = await t.db
      .selectFrom('invitations')
      .select(['token_hash', 'mailed_at'])
      .where('invitation_id', '=', invitation.invitationId)
      .executeTakeFirstOrThrow();
    expect(row.mailed_at).not.toBeNull();
    // No link exists before its e-mail is written.
    expect(row.token_hash).toBeNull();
  });

  it('mails nothing for a deleted invitation', async () => {
    const invitation = await newInvitation('gone@invited.demo');
    await t.db
      .updateTable('invitations')
      .set({ deleted_at: new Date() })
      .where('invitation_id', '=', invitation.invitationId)
      .execute();
    const outcome = await queueInvitationMail(t.db, {
      invitationId: invitation.invitationId,
      now: () => new Date(),
    });
    expect(outcome).toBe('not-pending');
    expect(await mailJobs(invitation.invitationId)).toHaveLength(0);
  });
});

describe('sending an invitation e-mail', () => {
  let mailDir: string;
  beforeAll(async () => {
    mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  });
  afterAll(async () => {
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });
  const deps = () => ({
    db: t.db,
    mailer: createMailer({ from: DEFAULT_MAIL_FROM, mailDir }),
    publicUrl,
    now: () => new Date(),
  });
  const eml = async (jobId: string) => simpleParser(await readFile(join(mailDir, `${jobId}.eml`)));

  it('draws the token as it writes the message, keeps only its hash, and a failed send is retried with a new one', async () => {
    const invitation = await newInvitation('drawn@invited.demo');
    const jobId = `invitation-mail-${invitation.invitationId}`;
    const input = { invitationId: invitation.invitationId, jobId };
    const down: Mailer = {
      send: async () => {
        throw new Error('SMTP away');
      },
      close: () => {},
    };
    await expect(sendInvitationMail({ ...deps(), mailer: down }, input)).rejects.toThrow('SMTP away');
    const firstHash = await tokenHashOf(invitation.invitationId);
    expect(firstHash).toMatch(/^[0-9a-f]{64}$/);

    expect(await sendInvitationMail(deps(), input)).toBe('sent');
    expect(await sendInvitationMail(deps(), input)).toBe('already-sent');
    const mail = await eml(jobId);
    const token = /accept\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);
    // The link that went out is the one that works; the unsent one of the failed attempt does not.
    expect(await tokenHashOf(invitation.invitationId)).toBe(sha256Hex(token));
    expect(firstHash).not.toBe(sha256Hex(token));
  });

  it('sends nothing for an invitation deleted after it was queued', async () => {
    const invitation = await newInvitation('deleted.later@invited.demo');
    await queueInvitationMail(t.db, { invitationId: invitation.invitationId, now: () => new Date() });
    await t.db
      .updateTable('invitations')
      .set({ deleted_at: new Date() })
      .where('invitation_id', '=', invitation.invitationId)
      .execute();
    const jobId = `invitation-mail-${invitation.invitationId}`;
    expect(await sendInvitationMail(deps(), { invitationId: invitation.invitationId, jobId })).toBe(
      'not-pending',
    );
    await expect(readFile(join(mailDir, `${jobId}.eml`))).rejects.toThrow();
    expect(await tokenHashOf(invitation.invitationId)).toBeNull();
  });

  it('sends nothing to an address stored before addresses were read as the mailer reads them', async () => {
    const invitation = await newInvitation('<img/src=x/onerror=alert(1)>@invited.demo');
    const jobId = `invitation-mail-${invitation.invitationId}`;
    expect(await sendInvitationMail(deps(), { invitationId: invitation.invitationId, jobId })).toBe(
      'refused-address',
    );
    await expect(readFile(join(mailDir, `${jobId}.eml`))).rejects.toThrow();
  });

  it('writes an inviter name stored with line breaks on one line', async () => {
    const invitation = await newInvitation('old.row@invited.demo', 'Tess\r\nBcc: x@evil.example');
    const jobId = `invitation-mail-${invitation.invitationId}`;
    expect(await sendInvitationMail(deps(), { invitationId: invitation.invitationId, jobId })).toBe('sent');
    const mail = await eml(jobId);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.subject).toBe('Tess Bcc: x@evil.example invited you to Acme Stores on the Partner Portal');
    expect((mail.text ?? '').split('\n').filter((line) => /^\s*bcc\s*:/i.test(line))).toEqual([]);
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
    const mailJobId = `invitation-mail-${invitation.invitationId}`;
    const failedOnce = await waitFor(
      'the first attempt of the mail job to fail',
      async () => {
        const job = await mailQueue.getJob(mailJobId);
        return job?.failedReason ? job : undefined;
      },
      30_000,
    );
    expect(failedOnce.attemptsMade).toBe(1);
    // Failed and waiting for its retry, the job keeps its data in Redis: no link with a token (issue 23).
    const whileFailed = await redisText(REDIS_URL, prefix);
    expect(whileFailed.keys).toContain(`${prefix}:mail:${mailJobId}`);
    expect(whileFailed.text).toContain(invitation.invitationId);
    expect(whileFailed.text).not.toMatch(TOKEN_IN_LINK);
    expect(await outboxText(t.db)).not.toMatch(TOKEN_IN_LINK);

    const toRetry = () =>
      smtp!.accepted.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'retry@invited.demo');
    const mail = await waitFor('the retried e-mail to arrive', () => toRetry()[0], 60_000);
    expect(smtp.refusedCount()).toBe(1);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value.map((a) => a.address)).toEqual([
      'retry@invited.demo',
    ]);
    expect(mail.subject).toBe('Tess Tenant invited you to Acme Stores on the Partner Portal');
    expect(mail.text).toContain(`${publicUrl}/api/saas/invitations/accept?token=`);

    // The mailed link is the one that works: its token's hash is the invitation's.
    const token = /accept\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect((await findInvitationByTokenHash(t.db, sha256Hex(token)))?.invitationId).toBe(
      invitation.invitationId,
    );
    // Sent and completed, the token is nowhere at rest: not in the outbox, not in Redis.
    await waitFor('the mail job to complete', async () => (await mailQueue.getJob(mailJobId))?.isCompleted());
    const afterSent = await redisText(REDIS_URL, prefix);
    expect(afterSent.keys).toContain(`${prefix}:mail:${mailJobId}`);
    expect(afterSent.text).not.toContain(token);
    expect(afterSent.text).not.toMatch(TOKEN_IN_LINK);
    expect(await outboxText(t.db)).not.toContain(token);

    // The invitation job run again (a worker that died before acknowledging it) sends nothing more.
    const first = await invitationsQueue.getJob(jobId);
    const firstFinished = first?.finishedOn ?? 0;
    await first?.retry('completed');
    await waitFor('the invitation job to complete again', async () => {
      const again = await invitationsQueue.getJob(jobId);
      return (again?.finishedOn ?? 0) > firstFinished && (await again?.isCompleted());
    });
    const mailJob = await mailQueue.getJob(mailJobId);
    expect(await mailJob?.isCompleted()).toBe(true);
    expect(toRetry()).toHaveLength(1);
    expect(await mailJobs(invitation.invitationId)).toHaveLength(1);
    expect((await findInvitationByTokenHash(t.db, sha256Hex(token)))?.invitationId).toBe(
      invitation.invitationId,
    );
    const delivery = await t.db
      .selectFrom('mail_deliveries')
      .selectAll()
      .where('job_id', '=', `invitation-mail-${invitation.invitationId}`)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2 });
  }, 90_000);
});
