import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateSecret, signatureHeader } from './signature.js';

// Receivers refuse a timestamp more than five minutes from their clock: theirs is set to the message's.
const timestamp = 1_795_000_000;
const id = 'msg_2Lh7Wb3hFzbN2ZpQ';
const body = JSON.stringify({ type: 'report.published', data: { reportId: 42 } });

function headers(signature: string, at = timestamp) {
  return { 'webhook-id': id, 'webhook-timestamp': String(at), 'webhook-signature': signature };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(timestamp * 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('generateSecret', () => {
  it('is whsec_ and 32 random bytes in base64', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
  });
});

describe('signatureHeader', () => {
  it('verifies with the standardwebhooks library, as a receiver checks it', () => {
    const secret = generateSecret();
    const signature = signatureHeader([secret], id, timestamp, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers(signature))).toEqual(JSON.parse(body));
  });

  it('matches the signature of the Standard Webhooks specification', () => {
    // The example of the spec's "Verifying webhooks" section and its libraries' tests.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const specBody = '{"test": 2432232314}';
    expect(signatureHeader([secret], 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, specBody)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('carries one signature per secret during a rotation, each verifying alone', () => {
    const [previous, next] = [generateSecret(), generateSecret()];
    const signature = signatureHeader([previous, next], id, timestamp, body);
    expect(signature.split(' ')).toHaveLength(2);
    expect(signature.split(' ')).toEqual([
      signatureHeader([previous], id, timestamp, body),
      signatureHeader([next], id, timestamp, body),
    ]);
    expect(new Webhook(previous).verify(body, headers(signature))).toEqual(JSON.parse(body));
    expect(new Webhook(next).verify(body, headers(signature))).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateSecret()).verify(body, headers(signature))).toThrow(
      WebhookVerificationError,
    );
  });

  it('fails verification once the body, id or timestamp changes', () => {
    const secret = generateSecret();
    const signature = signatureHeader([secret], id, timestamp, body);
    const receiver = new Webhook(secret);
    expect(() => receiver.verify(body.replace('42', '43'), headers(signature))).toThrow(
      'No matching signature found',
    );
    expect(() => receiver.verify(`${body} `, headers(signature))).toThrow('No matching signature found');
    expect(() => receiver.verify(body, { ...headers(signature), 'webhook-id': `${id}x` })).toThrow(
      'No matching signature found',
    );
    expect(() => receiver.verify(body, headers(signature, timestamp + 1))).toThrow(
      'No matching signature found',
    );
  });

  it('refuses a secret it cannot read, no secret at all, or a timestamp in milliseconds', () => {
    expect(() => signatureHeader(['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], id, timestamp, body)).toThrow(
      'A webhook secret is whsec_ followed by base64.',
    );
    expect(() => signatureHeader(['whsec_not base64!'], id, timestamp, body)).toThrow(
      'whsec_ followed by base64',
    );
    expect(() => signatureHeader(['whsec_'], id, timestamp, body)).toThrow('whsec_ followed by base64');
    expect(() => signatureHeader([], id, timestamp, body)).toThrow('at least one secret');
    expect(() => signatureHeader([generateSecret()], id, timestamp + 0.5, body)).toThrow('whole seconds');
    expect(() => signatureHeader([generateSecret()], id, -1, body)).toThrow('whole seconds');
  });
});
