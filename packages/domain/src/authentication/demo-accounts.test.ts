import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts, findDemoAccount } from './demo-accounts.js';

describe('demoAccounts', () => {
  it('lists the six personas with unique logins and the password demo', () => {
    expect(demoAccounts.map((a) => a.login)).toEqual([
      'E100001',
      'E100002',
      'E100003',
      'partner@demo.portal',
      'dashboards@demo.portal',
      'tenant-admin@demo.portal',
    ]);
    expect(new Set(demoAccounts.map((a) => a.email)).size).toBe(demoAccounts.length);
    expect(demoAccounts.every((a) => a.password === DEMO_PASSWORD && DEMO_PASSWORD === 'demo')).toBe(true);
    expect(demoAccounts.every((a) => a.name === `${a.firstName} ${a.lastName}` && a.description)).toBe(true);
  });

  it('finds an account by login or email, in any case', () => {
    expect(findDemoAccount('e100001')?.name).toBe('Avery Admin');
    expect(findDemoAccount(' ADMIN@demo.portal ')?.login).toBe('E100001');
    expect(findDemoAccount('nobody@demo.portal')).toBeUndefined();
  });
});
