// Standard Webhooks signatures (https://www.standardwebhooks.com): a receiver checks them with any
// of its libraries. Signed with node:crypto rather than the `standardwebhooks` package, whose
// HMAC is pure JavaScript; the tests verify with that package, as a receiver would.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

/** A new signing secret: 32 random bytes, written as Standard Webhooks writes them. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of a message: one `v1,<signature>` per secret, space-separated,
 * so during a rotation a receiver holding either the old or the new secret accepts it.
 * `timestamp` is in seconds, as sent in `webhook-timestamp`.
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  if (secrets.length === 0) throw new Error('A webhook is signed with at least one secret.');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new Error(`The webhook timestamp must be whole seconds, not ${timestamp}.`);
  }
  const signed = `${id}.${timestamp}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', secretKey(secret)).update(signed).digest('base64')}`)
    .join(' ');
}

function secretKey(secret: string): Buffer {
  // Buffer's base64 decoder skips what it cannot read, which would sign with a key nobody holds.
  if (!SECRET_PATTERN.test(secret)) throw new Error('A webhook secret is whsec_ followed by base64.');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}
