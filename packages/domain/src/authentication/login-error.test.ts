import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeLoginError } from './login-error.js';

describe('login error sanitising', () => {
  it('keeps only letters, digits and spaces, in order', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const clean = sanitizeLoginError(raw);
        expect(clean).toMatch(/^[A-Za-z0-9 ]*$/);
        expect(clean).toBe([...raw].filter((ch) => /[A-Za-z0-9 ]/.test(ch)).join(''));
      }),
    );
  });

  it('defuses markup', () => {
    expect(sanitizeLoginError('<script>alert(1)</script> User not found')).toBe(
      'scriptalert1script User not found',
    );
    expect(sanitizeLoginError(null)).toBe('');
  });
});
