import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64Email,
  encodeBase64Email,
  INVITATION_OUTCOME_MESSAGES,
  INVITATION_RESEND_REFUSALS,
  invitationExpiry,
  invitationStatus,
  inviterNameOf,
  isInvitationOutcome,
  isSameEmail,
  isValidEmail,
  joinedTenantMessage,
  oneLine,
} from './invitation.js';

const now = new Date('2026-11-23T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('invitations', () => {
  it('is pending until it expires, and says deleted or used first', () => {
    const base = { expiresAt: at('2026-11-30T12:00:00Z'), acceptedAt: null, deletedAt: null };
    expect(invitationStatus(base, now)).toBe('pending');
    expect(invitationStatus({ ...base, expiresAt: now }, now)).toBe('expired');
    expect(invitationStatus({ ...base, acceptedAt: now }, now)).toBe('used');
    expect(invitationStatus({ ...base, deletedAt: now, acceptedAt: now }, now)).toBe('deleted');
  });

  it('expires after the configured number of days', () => {
    expect(invitationExpiry(now, 7).toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });

  it('compares emails case-insensitively', () => {
    expect(isSameEmail('New.User@Invited.Demo', 'new.user@invited.demo ')).toBe(true);
    expect(isSameEmail('a@x.demo', 'b@x.demo')).toBe(false);
  });

  it('checks email shape', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.de')).toBe(false);
  });

  it('takes plain addresses, with every character RFC 5322 allows unquoted and letters of any script', () => {
    for (const email of [
      ' New.Person@Example.com ',
      "o'brien+invites@mail.acme-stores.example",
      "#!$%&'*=?^_`{|}~-/@x.example",
      'jörg@bücher.example',
      'a@b.c',
      'a@xn--bcher-kva.example',
      `${'l'.repeat(64)}@${'d'.repeat(63)}.example`,
    ]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('refuses what a mail header would read as something else, or as more than one address (issue 23)', () => {
    for (const email of [
      '<img/src=x/onerror=alert(1)>@invited.demo',
      'a@b.co>',
      '<a@b.co>',
      'Ann <a@b.co>',
      '"a b"@x.example',
      '"a"@x.example',
      'a@b.co,c@d.co',
      'a@b.co (comment)',
      'g: a@b.co;',
      'a;b@x.example',
      'a:b@x.example',
      'a\\b@x.example',
      'a(b)@x.example',
      'a[b]@x.example',
      'a@[192.0.2.1]',
      'a@x.example\r\nBcc: e@evil.example',
      'a\u2028b@x.example',
      'a\u0000@x.example',
      'a\u200bb@x.example',
      'a @x.example',
      'a@b@c.example',
      '.a@x.example',
      'a.@x.example',
      'a..b@x.example',
      'a@x..example',
      'a@.x.example',
      'a@x.example.',
      'a@-x.example',
      'a@x-.example',
      'a@x_y.example',
      'a@192.0.2.1',
      '@x.example',
      'a@',
      `${'l'.repeat(65)}@x.example`,
      `a@${'d'.repeat(64)}.example`,
    ]) {
      expect(isValidEmail(email), JSON.stringify(email)).toBe(false);
    }
  });

  it('keeps text on one line', () => {
    expect(oneLine('Tess\r\nBcc: x@evil.example')).toBe('Tess Bcc: x@evil.example');
    expect(oneLine(' Tess \u2028\u0085\t Tenant\u200b ')).toBe('Tess Tenant');
  });

  it("names the inviter from the signed-in user's own record: their name, else email, else user id", () => {
    const user = { firstName: 'Tess', lastName: 'Tenant', email: 'tess@acme.example', userId: 'T1' };
    expect(inviterNameOf(user)).toBe('Tess Tenant');
    expect(inviterNameOf({ ...user, lastName: '' })).toBe('Tess');
    expect(inviterNameOf({ ...user, firstName: 'Tess\r\nBcc:', lastName: 'x@evil.example' })).toBe(
      'Tess Bcc: x@evil.example',
    );
    expect(inviterNameOf({ ...user, firstName: ' ', lastName: '\n' })).toBe('tess@acme.example');
    expect(inviterNameOf({ ...user, firstName: '', lastName: '', email: '' })).toBe('T1');
  });

  it('decodes base64 emails, standard or URL-safe, and refuses anything else', () => {
    expect(decodeBase64Email(Buffer.from('ann@acme.example').toString('base64'))).toBe('ann@acme.example');
    expect(decodeBase64Email(Buffer.from('ann@acme.example').toString('base64url'))).toBe('ann@acme.example');
    expect(decodeBase64Email('ann@acme.example')).toBeUndefined();
    expect(decodeBase64Email(Buffer.from('not an email').toString('base64'))).toBeUndefined();
    expect(decodeBase64Email('%%%')).toBeUndefined();
  });

  it('round-trips every email through base64', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(decodeBase64Email(encodeBase64Email(email))).toBe(email);
      }),
    );
  });
});

// Issue 26: each limit at and past it, near misses at both ends, and the base64 edges.
describe('edges of invitations', () => {
  const base = { expiresAt: at('2026-11-30T12:00:00Z'), acceptedAt: null, deletedAt: null };
  it('is pending a millisecond before its expiry and expired at it', () => {
    expect(invitationStatus(base, new Date(base.expiresAt.getTime() - 1))).toBe('pending');
    expect(invitationStatus(base, base.expiresAt)).toBe('expired');
    expect(invitationStatus({ ...base, acceptedAt: now, expiresAt: at('2020-01-01T00:00:00Z') }, now)).toBe(
      'used',
    );
    expect(invitationStatus({ ...base, deletedAt: now, expiresAt: at('2020-01-01T00:00:00Z') }, now)).toBe(
      'deleted',
    );
  });

  it('expires whole days after its creation', () => {
    expect(invitationExpiry(now, 1).getTime() - now.getTime()).toBe(86_400_000);
    expect(invitationExpiry(now, 0)).toEqual(now);
  });

  it('compares emails with spaces on either side', () => {
    expect(isSameEmail(' a@x.demo', 'A@X.DEMO ')).toBe(true);
  });

  it.each([
    [`${'a'.repeat(64)}@x.example`, true],
    [`${'a'.repeat(65)}@x.example`, false],
    // A domain of 255 characters, then of 256.
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}`, true],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(62)}.f`, false],
    ['a@x.123', false],
    ['a@x.12a', true],
    ['a@x.a1', true],
    ['a@123.example', true],
    ['.a@x.example', false],
    ['a.@x.example', false],
    ['a..b@x.example', false],
    ['a@-x.example', false],
    ['a@x-.example', false],
    ['xa@b.co', true],
    [' a@b.co ', true],
    ['a@b.co x', false],
    ['x a@b.co', false],
  ])('%s is a valid email: %s', (email, valid) => expect(isValidEmail(email)).toBe(valid));

  it('knows the outcomes of the acceptance page and nothing else', () => {
    for (const outcome of Object.keys(INVITATION_OUTCOME_MESSAGES))
      expect(isInvitationOutcome(outcome)).toBe(true);
    for (const value of ['', 'pending', 'toString', 'EXPIRED'])
      expect(isInvitationOutcome(value)).toBe(false);
  });

  it('decodes base64 with or without padding, and refuses what cannot be a length of base64', () => {
    const email = 'ab@cd.ef';
    const padded = Buffer.from(email).toString('base64');
    expect(padded.endsWith('=')).toBe(true);
    expect(decodeBase64Email(padded)).toBe(email);
    expect(decodeBase64Email(padded.replace(/=+$/, ''))).toBe(email);
    expect(decodeBase64Email(`${padded}==`)).toBeUndefined();
    expect(decodeBase64Email('QQQQQ')).toBeUndefined();
    expect(decodeBase64Email('')).toBeUndefined();
    // Base64 of bytes that are not UTF-8.
    expect(
      decodeBase64Email(Buffer.from([0xff, 0xfe, 0x40, 0x61, 0x2e, 0x62]).toString('base64')),
    ).toBeUndefined();
    // A plausible address of a member, looser than the invite form, is decoded trimmed.
    expect(decodeBase64Email(Buffer.from(' a"b@c.d ').toString('base64'))).toBe('a"b@c.d');
    expect(decodeBase64Email(Buffer.from(`${'a'.repeat(316)}@c.d`).toString('base64'))).toBe(
      `${'a'.repeat(316)}@c.d`,
    );
    expect(decodeBase64Email(Buffer.from(`${'a'.repeat(317)}@c.d`).toString('base64'))).toBeUndefined();
    expect(decodeBase64Email(Buffer.from('a@b@c.d').toString('base64'))).toBeUndefined();
    expect(decodeBase64Email(Buffer.from('a@cd').toString('base64'))).toBeUndefined();
  });

  it('maps URL-safe letters, and refuses white space anywhere in the text', () => {
    // '>?' encodes to '+' and '/' in standard base64, '-' and '_' URL-safe.
    const email = 'a>>>???@b.co';
    const url = Buffer.from(email).toString('base64url');
    expect(url).toMatch(/[-_]/);
    expect(decodeBase64Email(url)).toBe(email);
    const standard = Buffer.from(email).toString('base64');
    expect(decodeBase64Email(` ${standard}`)).toBeUndefined();
    expect(decodeBase64Email(`${standard} `)).toBeUndefined();
    expect(decodeBase64Email(Buffer.from('a@b.c d').toString('base64'))).toBeUndefined();
    expect(decodeBase64Email(Buffer.from('x a@b.c').toString('base64'))).toBeUndefined();
  });

  it('encodes UTF-8, so an address beyond ASCII survives', () => {
    expect(encodeBase64Email('jörg@bücher.example')).toBe(
      Buffer.from('jörg@bücher.example').toString('base64'),
    );
  });
});

describe('resend and arrival (issue 24)', () => {
  it('refuses to resend every state but pending, each in its own words', () => {
    const base = { expiresAt: at('2026-11-30T12:00:00Z'), acceptedAt: null, deletedAt: null };
    const states = [
      { ...base, expiresAt: now },
      { ...base, deletedAt: now },
      { ...base, acceptedAt: now },
    ].map((state) => invitationStatus(state, now));
    expect(states).toEqual(['expired', 'deleted', 'used']);
    for (const status of states) {
      expect(status === 'pending' ? undefined : INVITATION_RESEND_REFUSALS[status]).toMatch(/\.$/);
    }
    expect(new Set(Object.values(INVITATION_RESEND_REFUSALS)).size).toBe(3);
  });

  it('tells the newcomer what they joined', () => {
    expect(joinedTenantMessage('Acme Stores')).toBe('You have joined Acme Stores.');
  });
});
