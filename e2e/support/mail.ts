import { receivedMail } from '@portal/testing/portal/smtp-sink';
import { waitFor } from '@portal/testing/wait-for';
import { inject } from 'vitest';

export type Mail = Awaited<ReturnType<typeof receivedMail>>[number];

/** The first mail of the run with this subject, polled with a bound (outbox, relay, jobs, SMTP). */
export async function mailWithSubject(subject: string, timeoutMs = 45_000): Promise<Mail> {
  return waitFor(
    `a mail "${subject}"`,
    async () => (await receivedMail(inject('mailDir'))).find((mail) => mail.subject === subject),
    timeoutMs,
    250,
  );
}
