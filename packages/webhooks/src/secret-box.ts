// Signing secrets are stored sealed (AES-256-GCM under WEBHOOK_SECRET_KEY): a copy of the database
// alone does not let anyone sign webhooks in the portal's name.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key of the setting WEBHOOK_SECRET_KEY: 64 hex digits, or 32 bytes in base64. */
export function parseSecretKey(text: string): Buffer {
  const written = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(written)) return Buffer.from(written, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(written)) return Buffer.from(written, 'base64');
  throw new Error(
    'WEBHOOK_SECRET_KEY must be 32 bytes written as 64 hex digits or in base64 (openssl rand -base64 32).',
  );
}

/** `plaintext` sealed as `v1.<iv>.<tag>.<ciphertext>` (base64url); a fresh IV every time. */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', checkedKey(key), iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext of `sealed`; throws if it was altered or sealed under another key. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (
    version !== VERSION ||
    iv === undefined ||
    tag === undefined ||
    ciphertext === undefined ||
    rest.length > 0
  ) {
    throw new Error('A sealed webhook secret is v1.<iv>.<tag>.<ciphertext>.');
  }
  const openingKey = checkedKey(key);
  try {
    const decipher = createDecipheriv('aes-256-gcm', openingKey, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch (error) {
    throw new Error(
      'The webhook secret cannot be opened: it was altered, or sealed under another WEBHOOK_SECRET_KEY.',
      {
        cause: error,
      },
    );
  }
}

function checkedKey(key: Buffer): Buffer {
  if (key.length !== KEY_BYTES)
    throw new Error(`A webhook secret key is ${KEY_BYTES} bytes, not ${key.length}.`);
  return key;
}
