import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CLAIM_HEARTBEAT_MS,
  claimDelivery,
  type Database,
  markDeliveryFailed,
  markDeliverySent,
  touchDelivery,
} from '@portal/db';
import type { JobPayload } from '@portal/queue';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { defineHandler, type JobHandler } from '../registry.js';

export const DEFAULT_MAIL_FROM = 'Partner Portal <no-reply@portal.local>';
export const DEFAULT_MAIL_DIR = 'data/mail';

export type MailConfig = {
  /** smtp:// or smtps:// URL. Without one, each message is written as an .eml file in mailDir. */
  smtpUrl?: string | undefined;
  from: string;
  mailDir: string;
};

export type MailMessage = JobPayload<'mail.send'>;

export type Mailer = {
  send(message: MailMessage, messageId: string, fileName: string): Promise<void>;
  close(): void;
};

/** A job's message as nodemailer takes it: a one-click unsubscribe link becomes its two headers. */
function mailOptions({ listUnsubscribe, ...message }: MailMessage, from: string, messageId: string) {
  if (!listUnsubscribe) return { ...message, from, messageId };
  return {
    ...message,
    from,
    messageId,
    list: { unsubscribe: listUnsubscribe },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export function createMailer(config: MailConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message, messageId) {
        await transport.sendMail(mailOptions(message, config.from, messageId));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, messageId, fileName) {
      const info = await transport.sendMail(mailOptions(message, config.from, messageId));
      await mkdir(config.mailDir, { recursive: true });
      const path = join(config.mailDir, `${fileName}.eml`);
      // Written whole or not at all: a reader of data/mail never sees half a message.
      await writeFile(`${path}.tmp`, info.message as Buffer);
      await rename(`${path}.tmp`, path);
    },
    close: () => transport.close(),
  };
}

/**
 * A message written only once its delivery is claimed, right before it is sent, because it holds a
 * secret drawn for that send (an invitation link's token) that no job may keep. `write` answers
 * undefined when there is nothing to send any more.
 */
export type MailDraft = Pick<MailMessage, 'to' | 'cc' | 'subject'> & {
  write(): Promise<MailMessage | undefined>;
};

export type SendOutcome = 'sent' | 'already-sent' | 'withdrawn';

const WITHDRAWN = 'Withdrawn before it was sent: there was nothing to send any more.';

/**
 * Sends the message of one job at most once: a delivery row is claimed before the send and
 * marked sent after, and the Message-ID is derived from the job id so the message is the same
 * message however often the job runs. A draft is written between the two.
 */
export async function sendMailOnce(
  db: Kysely<Database>,
  mailer: Mailer,
  jobId: string,
  message: MailMessage | MailDraft,
): Promise<SendOutcome> {
  const messageId = `<${jobId}@portal>`;
  const recipients = [...message.to, ...(message.cc ?? [])];
  const claim = await claimDelivery(db, { jobId, messageId, recipients, subject: message.subject });
  if (claim === 'already-sent') return 'already-sent';
  if (claim === 'in-flight') throw new Error(`Mail of job ${jobId} is being sent by another attempt`);
  const heartbeat = setInterval(() => void touchDelivery(db, jobId).catch(() => {}), CLAIM_HEARTBEAT_MS);
  try {
    let written: MailMessage | undefined;
    try {
      written = 'write' in message ? await message.write() : message;
      if (written) await mailer.send(written, messageId, jobId.replace(/[^A-Za-z0-9._-]/g, '_'));
    } catch (error) {
      await markDeliveryFailed(db, jobId, error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (!written) {
      await markDeliveryFailed(db, jobId, WITHDRAWN);
      return 'withdrawn';
    }
    await recordSent(db, jobId);
  } finally {
    clearInterval(heartbeat);
  }
  return 'sent';
}

const RECORD_SENT_DELAYS_MS = [100, 250, 500, 1000, 2000, 4000, 8000, 15_000];

/**
 * The mail is out: if its record fails (Postgres restarting), a retry of the job would find the
 * claim abandoned 30 s later and send the mail again. So the record is tried again while the
 * claim's heartbeat goes on, for about half a minute before the job is let fail.
 */
async function recordSent(db: Kysely<Database>, jobId: string): Promise<void> {
  for (const delay of RECORD_SENT_DELAYS_MS) {
    try {
      return await markDeliverySent(db, jobId);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  await markDeliverySent(db, jobId);
}

export function sendMailHandler(db: Kysely<Database>, mailer: Mailer): JobHandler<'mail.send'> {
  return defineHandler('mail.send', async (message, { jobId, logger }) => {
    const outcome = await sendMailOnce(db, mailer, jobId, message);
    logger.info({ outcome }, outcome === 'sent' ? 'mail sent' : 'mail already sent');
  });
}
