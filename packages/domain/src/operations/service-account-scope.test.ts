import { describe, expect, it } from 'vitest';
import { serviceAccountDecision } from './service-account-scope.js';

const enabled = { disabledAt: null };
const disabled = { disabledAt: new Date('2026-03-01T12:00:00Z') };

describe('a service account named by id', () => {
  it.each<[string, { disabledAt: Date | null } | undefined, 'read' | 'issue-token', string]>([
    ['none, read', undefined, 'read', 'not-found'],
    ['none, for a token', undefined, 'issue-token', 'not-found'],
    ['enabled, read', enabled, 'read', 'allow'],
    ['enabled, for a token', enabled, 'issue-token', 'allow'],
    ['disabled, read (to revoke a token, or disable it again)', disabled, 'read', 'allow'],
    ['disabled, for a token', disabled, 'issue-token', 'disabled'],
  ])('%s', (_, account, action, decision) => {
    expect(serviceAccountDecision(account, action)).toBe(decision);
  });
});
