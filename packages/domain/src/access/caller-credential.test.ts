import { describe, expect, it } from 'vitest';
import { callerCredential, clearsSessionCookie } from './caller-credential.js';

describe('the credential a request carries', () => {
  it.each<[string, string | undefined, string | undefined, ReturnType<typeof callerCredential>]>([
    ['a bearer token', 'Bearer abc123', undefined, { token: 'abc123' }],
    ['the scheme in any case, the token trimmed', 'bEARER   abc123  ', 'session-1', { token: 'abc123' }],
    ['an empty bearer token, not the cookie', 'Bearer ', 'session-1', { token: '' }],
    ['another scheme: the cookie', 'Basic dXNlcjpwYXNz', 'session-1', { sessionId: 'session-1' }],
    ['"Bearer" with no space: the cookie', 'Bearerabc', 'session-1', { sessionId: 'session-1' }],
    ['the session cookie alone', undefined, 'session-1', { sessionId: 'session-1' }],
    ['an empty cookie', undefined, '', null],
    ['neither', undefined, undefined, null],
    ['another scheme, no cookie', 'Basic x', undefined, null],
  ])('%s', (_, authorization, cookie, credential) => {
    expect(callerCredential(authorization, cookie)).toEqual(credential);
  });
});

describe('the session cookie', () => {
  it('is cleared when it signs nobody in', () => {
    expect(clearsSessionCookie(false, 'session-1')).toBe(true);
    expect(clearsSessionCookie(true, 'session-1')).toBe(false);
    expect(clearsSessionCookie(false, undefined)).toBe(false);
    expect(clearsSessionCookie(false, '')).toBe(false);
  });
});
