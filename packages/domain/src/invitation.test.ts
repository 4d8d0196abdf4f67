import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64Email,
  encodeBase64Email,
  invitationExpiry,
  invitationStatus,
  isSameEmail,
  isValidEmail,
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
