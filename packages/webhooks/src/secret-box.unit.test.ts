import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, parseSecretKey, sealSecret } from './secret-box.js';

const key = randomBytes(32);
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** `sealed` with one bit of one of its parts flipped. */
function flipped(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('parseSecretKey', () => {
  it('reads 64 hex digits or 32 bytes of base64', () => {
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('hex').toUpperCase())).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64').replace(/=$/, ''))).toEqual(key);
    expect(parseSecretKey(` ${key.toString('base64')}\n`)).toEqual(key);
  });

  it.each([
    ['empty', ''],
    ['63 hex digits', 'a'.repeat(63)],
    ['65 hex digits', 'a'.repeat(65)],
    ['not hex', 'g'.repeat(64)],
    ['31 bytes of base64', randomBytes(31).toString('base64')],
    ['33 bytes of base64', randomBytes(33).toString('base64')],
    ['base64url', Buffer.alloc(32, 0xff).toString('base64url')],
    ['a passphrase', 'correct horse battery staple'],
  ])('refuses %s, naming WEBHOOK_SECRET_KEY', (_, text) => {
    expect(() => parseSecretKey(text)).toThrow(
      'WEBHOOK_SECRET_KEY must be 32 bytes written as 64 hex digits or in base64 (openssl rand -base64 32).',
    );
  });
});

describe('sealSecret and openSecret', () => {
  it('round-trip, in the v1 form', () => {
    const sealed = sealSecret(key, secret);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain(secret.slice('whsec_'.length));
    expect(openSecret(key, sealed)).toBe(secret);
    expect(openSecret(key, sealSecret(key, ''))).toBe('');
    expect(openSecret(key, sealSecret(key, 'clé ✓'))).toBe('clé ✓');
  });

  it('seal the same secret differently each time', () => {
    const first = sealSecret(key, secret);
    const second = sealSecret(key, secret);
    expect(first).not.toBe(second);
    expect(openSecret(key, first)).toBe(openSecret(key, second));
  });

  it('detect a change to the IV, the tag or the ciphertext', () => {
    const sealed = sealSecret(key, secret);
    for (const part of [1, 2, 3] as const) {
      expect(() => openSecret(key, flipped(sealed, part)), `part ${part}`).toThrow(
        'The webhook secret cannot be opened: it was altered, or sealed under another WEBHOOK_SECRET_KEY.',
      );
    }
    const [version, iv, tag, ciphertext] = sealed.split('.');
    // A GCM tag cut short would be checked on fewer bits, were its length not fixed.
    expect(() => openSecret(key, [version, iv, tag!.slice(0, 6), ciphertext].join('.'))).toThrow(
      'cannot be opened',
    );
    expect(() => openSecret(key, [version, '', tag, ciphertext].join('.'))).toThrow('cannot be opened');
  });

  it('detect another key', () => {
    expect(() => openSecret(randomBytes(32), sealSecret(key, secret))).toThrow('cannot be opened');
  });

  it('refuse what is not a v1 seal, and a key of the wrong size', () => {
    const sealed = sealSecret(key, secret);
    for (const text of [
      '',
      secret,
      sealed.replace(/^v1/, 'v2'),
      `${sealed}.x`,
      sealed.split('.').slice(0, 3).join('.'),
    ]) {
      expect(() => openSecret(key, text), text).toThrow(
        'A sealed webhook secret is v1.<iv>.<tag>.<ciphertext>.',
      );
    }
    expect(() => sealSecret(randomBytes(16), secret)).toThrow('A webhook secret key is 32 bytes, not 16.');
    expect(() => openSecret(randomBytes(16), sealed)).toThrow('A webhook secret key is 32 bytes, not 16.');
  });
});
