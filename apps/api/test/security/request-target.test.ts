import { describe, expect, it } from 'vitest';
import { NON_CANONICAL_PATH, NOT_A_PATH, normalizeRequestTarget } from '../../src/plugins/request-target.js';

// The one spelling of a request target the router sees (plugins/request-target.ts).
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
  ])('refuses %s', (raw) => {
    expect(normalizeRequestTarget(raw)).toEqual({ refused: NON_CANONICAL_PATH });
  });

  it.each(['*', 'api/users', 'localhost:8000', 'ftp://x/api'])('refuses the target %s: not a path', (raw) => {
    expect(normalizeRequestTarget(raw)).toEqual({ refused: NOT_A_PATH });
  });
});
