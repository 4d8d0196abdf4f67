import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsrfInput, comesFromPortal, isWriteMethod, refusedAsCrossSite } from './csrf.js';

const write = (over: Partial<CsrfInput>): CsrfInput => ({
  authenticatedBy: 'session',
  method: 'POST',
  requestedWith: undefined,
  fetchSite: undefined,
  ...over,
});

describe('cross-site request forgery', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('counts %s as a write', (method) => {
    expect(isWriteMethod(method)).toBe(true);
  });

  it.each(['GET', 'HEAD', 'OPTIONS', 'post', ''])('does not count %j as a write', (method) => {
    expect(isWriteMethod(method)).toBe(false);
  });

  it.each<[string, Partial<CsrfInput>, boolean]>([
    ['a session write with neither header', {}, true],
    ['a session write from the portal (X-Requested-With)', { requestedWith: 'portal' }, false],
    ['the header in any case', { requestedWith: 'PORTAL' }, false],
    ['the header naming something else', { requestedWith: 'XMLHttpRequest' }, true],
    ['the header twice', { requestedWith: ['portal', 'portal'] }, true],
    ['a same-origin fetch', { fetchSite: 'same-origin' }, false],
    ['a same-site fetch', { fetchSite: 'same-site' }, true],
    ['a cross-site fetch', { fetchSite: 'cross-site' }, true],
    ['a session read', { method: 'GET' }, false],
    ['a token write', { authenticatedBy: 'token' }, false],
    ['a write of nobody signed in', { authenticatedBy: null }, false],
    ['a session DELETE', { method: 'DELETE' }, true],
  ])('%s', (_, over, refused) => {
    expect(refusedAsCrossSite(write(over))).toBe(refused);
  });

  it('refuses exactly the session writes that come from no portal page', () => {
    const input = fc.record<CsrfInput>({
      authenticatedBy: fc.constantFrom('session', 'token', null),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'),
      requestedWith: fc.constantFrom(undefined, 'portal', 'Portal', 'other', ['portal']),
      fetchSite: fc.constantFrom(undefined, 'same-origin', 'same-site', 'cross-site', 'none'),
    });
    fc.assert(
      fc.property(input, (i) => {
        const fromPortal =
          (typeof i.requestedWith === 'string' && i.requestedWith.toLowerCase() === 'portal') ||
          i.fetchSite === 'same-origin';
        expect(comesFromPortal(i)).toBe(fromPortal);
        const isWrite = !['GET', 'HEAD'].includes(i.method);
        expect(refusedAsCrossSite(i)).toBe(i.authenticatedBy === 'session' && isWrite && !fromPortal);
      }),
    );
  });
});
