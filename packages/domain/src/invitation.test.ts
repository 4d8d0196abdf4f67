import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64Email,
  encodeBase64Email,
  INVITATION_RESEND_REFUSALS,
  invitationExpiry,
  invitationStatus,
  inviterNameOf,
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
