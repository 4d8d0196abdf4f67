import { accounts } from '@portal/dev-sso';
import { demoAccounts } from '@portal/domain/authentication/demo-accounts';
import { describe, expect, it } from 'vitest';

// apps/dev-sso keeps its own copy of the demo accounts (it imports nothing of ours); this keeps
// the copy in step with the shared persona list.
describe('dev-sso demo accounts', () => {
  it('match the shared persona list', () => {
    expect(
      accounts.map((a) => ({
        login: a.login,
        password: a.password,
        email: a.claims.email,
        firstName: a.claims.given_name,
        lastName: a.claims.family_name,
        name: a.claims.name,
      })),
    ).toEqual(
      demoAccounts.map((a) => ({
        login: a.login,
        password: a.password,
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        name: a.name,
      })),
    );
  });
});
