import { receivedMail } from '@portal/testing/portal/smtp-sink';
import { inject } from 'vitest';

export type Mail = Awaited<ReturnType<typeof receivedMail>>[number];

/** The first mail of the run with this subject, polled with a bound (outbox, relay, jobs, SMTP). */
export async function mailWithSubject(subject: string, timeoutMs = 45_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await receivedMail(inject('mailDir'))).find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
