import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyParameterRefusal,
  isCanonicalPath,
  NON_CANONICAL_PATH,
  NOT_A_PATH,
  normalizeRequestTarget,
} from './request-target.js';

// The one spelling of a request target the router sees.
describe('normalizeRequestTarget', () => {
  it.each([
    ['/api/users', '/api/users'],
    ['/%61pi/users?x=1', '/%61pi/users?x=1'],
    ['http://localhost:8000/api/users', '/api/users'],
    ['HTTPS://portal.example/api/users?x=/../', '/api/users?x=/../'],
    ['http://localhost:8000', '/'],
    ['http://localhost:8000?x=1', '/?x=1'],
    ['/', '/'],
    ['/healthz/', '/healthz/'],
    ['/api/saas/users/YS9iQGMuZXhhbXBsZQ%2F%2F', '/api/saas/users/YS9iQGMuZXhhbXBsZQ%2F%2F'],
    ['/api/logo/%2E%2E%2FO%22P', '/api/logo/%2E%2E%2FO%22P'],
    ['/files/a.b/..c/...', '/files/a.b/..c/...'],
    ['/files/%2e%2e%2e/x%2e/.a/a./%2ex', '/files/%2e%2e%2e/x%2e/.a/a./%2ex'],
    ['/files/%2e%zz/%zz', '/files/%2e%zz/%zz'],
    ['/a/b?x=..//\\', '/a/b?x=..//\\'],
    ['http://host/x', '/x'],
    ['https://host', '/'],
    ['http://host#frag', '/#frag'],
    ['/a?u=http://host/x', '/a?u=http://host/x'],
  ])('keeps or rewrites %s as %s', (raw, url) => {
    expect(normalizeRequestTarget(raw)).toEqual({ url });
  });

  it.each([
    '//api/users',
    '/api//users',
    '/./api/users',
    '/x/../api/users',
    '/api/users/.',
    '/api/users/..',
    '/%2e/api/users',
    '/%2E%2e/api/users',
    '/.%2e/api',
    '/api\\users',
    '/api%5cusers',
    '/api%5Cusers',
    'http://localhost:8000//api/users',
    'http://localhost:8000/x/../api',
    '/a//',
    '/a/../',
    '/a/%2e%2E',
    '/a/.%2E/b',
    '/a/..?x=1',
    '/a\\?x=1',
  ])('refuses %s', (raw) => {
    expect(normalizeRequestTarget(raw)).toEqual({ refused: NON_CANONICAL_PATH });
  });

  it.each(['*', 'api/users', 'localhost:8000', 'ftp://x/api', '', 'http:/x', '?x=/a'])(
    'refuses the target %s: not a path',
    (raw) => {
      expect(normalizeRequestTarget(raw)).toEqual({ refused: NOT_A_PATH });
    },
  );
});

describe('isCanonicalPath', () => {
  it('takes the root and a trailing slash, not an empty segment elsewhere', () => {
    expect(isCanonicalPath('/')).toBe(true);
    expect(isCanonicalPath('/a/')).toBe(true);
    expect(isCanonicalPath('/a/b/')).toBe(true);
    expect(isCanonicalPath('//')).toBe(false);
    expect(isCanonicalPath('/a//b')).toBe(false);
    expect(isCanonicalPath('//a')).toBe(false);
  });

  it('refuses exactly the paths with an empty segment inside, a dot segment or a backslash', () => {
    const segment = fc.constantFrom(
      'a',
      'b.c',
      '.',
      '..',
      '%2e',
      '%2E.',
      '...',
      '',
      'x%5Cy',
      'x\\y',
      '%zz',
      '.x',
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        const inner = segments.slice(0, -1);
        const dotted = segments.some((s) => ['.', '..', '%2e', '%2E.'].includes(s));
        const backslash = segments.some((s) => s.includes('\\') || s.toLowerCase().includes('%5c'));
        expect(isCanonicalPath(path)).toBe(!inner.includes('') && !dotted && !backslash);
      }),
    );
  });
});

describe('a route parameter left empty', () => {
  it('is no route of the portal: 404 with the path, its query dropped', () => {
    expect(
      emptyParameterRefusal('GET', '/api/dashboards/partners/?x=1', {
        accessTypeCode: 'partners',
        partnerCode: '',
      }),
    ).toBe('Route GET /api/dashboards/partners/ not found');
    expect(emptyParameterRefusal('DELETE', '/api/x/', { id: '' })).toBe('Route DELETE /api/x/ not found');
  });

  it('lets every other route be: values, the wildcard, no parameters', () => {
    expect(
      emptyParameterRefusal('GET', '/api/dashboards/EXT/BJS', { accessTypeCode: 'EXT', partnerCode: 'BJS' }),
    ).toBeUndefined();
    expect(emptyParameterRefusal('GET', '/files/', { '*': '' })).toBeUndefined();
    expect(emptyParameterRefusal('GET', '/api/user', {})).toBeUndefined();
    expect(emptyParameterRefusal('GET', '/api/user', undefined)).toBeUndefined();
    expect(emptyParameterRefusal('GET', '/api/x/0', { id: 0 })).toBeUndefined();
  });
});
