import fc from 'fast-check';
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { isInvitationAddress, readsAsOneAddress } from './invitation-address.js';

describe('an invitation address', () => {
  it('is read by the mailer as exactly itself', () => {
    expect(readsAsOneAddress('a@b.co')).toBe(true);
    // The loose check took this; the mailer read a display name and another address (nodemailer
    // 10.6 also drops the "(1)" as a comment; 10.0 kept it).
    const read = addressparser('<img/src=x/onerror=alert(1)>@invited.demo');
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({
      name: '@invited.demo',
      address: expect.stringMatching(/^img\/src=x\/onerror=alert/),
    });
    for (const read of [
      '<img/src=x/onerror=alert(1)>@invited.demo',
      'Ann <a@b.co>',
      '<a@b.co>',
      'a@b.co (Ann)',
      'a@b.co,c@d.co',
      'a;b@x.example',
      'a:b@x.example',
      'g: a@b.co;',
      'a@x.example\r\nBcc: e@evil.example',
      ' a@b.co',
      '',
    ]) {
      expect(readsAsOneAddress(read), JSON.stringify(read)).toBe(false);
    }
  });

  it('is no address when the mailer reads none (an empty or blank value)', () => {
    expect(addressparser('')).toEqual([]);
    expect(readsAsOneAddress('')).toBe(false);
    expect(readsAsOneAddress('   ')).toBe(false);
  });

  it('is not the first of two mailboxes, whichever separator', () => {
    for (const two of ['a@b.co,c@d.co', 'a@b.co;c@d.co', 'a@b.co, a@b.co']) {
      expect(addressparser(two).length, two).toBeGreaterThan(1);
      expect(readsAsOneAddress(two), two).toBe(false);
    }
  });

  it('takes plain addresses, trimmed', () => {
    for (const email of [
      'a@b.co',
      ' New.Person@Example.com ',
      "o'brien+invites@mail.acme-stores.example",
      "#!$%&'*=?^_`{|}~-/@x.example",
      'jörg@bücher.example',
    ]) {
      expect(isInvitationAddress(email), email).toBe(true);
    }
  });

  it('refuses near misses the mailer reads differently, and those it reads as themselves but are not plain', () => {
    for (const email of [
      '<img/src=x/onerror=alert(1)>@invited.demo',
      // The mailer reads these as themselves: the shape check refuses them.
      'a@b.co>',
      '"a b"@x.example',
      'a\\b@x.example',
      'a@[192.0.2.1]',
      'a@b@c.example',
      'a..b@x.example',
      'a@x_y.example',
      'a@b',
      // The shape check alone would not be the mailer's reading of these.
      'a@b.co,c@d.co',
      'Ann <a@b.co>',
      'a@b.co (Ann)',
      'a:b@x.example',
      'a@x.example\r\nBcc: e@evil.example',
    ]) {
      expect(isInvitationAddress(email), JSON.stringify(email)).toBe(false);
    }
  });

  it('agrees with the mailer on every generated RFC 5322 dot-atom address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(isInvitationAddress(email)).toBe(true);
        expect(addressparser(email)).toEqual([{ name: '', address: email }]);
      }),
    );
  });
});
