import { createHmac } from 'node:crypto';

/** Checks a Standard Webhooks signature as a receiver does: any of the v1 signatures. */
export function signed(secret: string, id: string, timestamp: string, body: string, header: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return header.split(' ').some((part) => part === `v1,${expected}`);
}
