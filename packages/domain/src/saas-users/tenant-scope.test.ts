import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import type { TenantRole } from './tenant-roles.js';
import { grantorRankOf, tenantMemberName, tenantScopeReadsMembership } from './tenant-scope.js';

const tenantAdmin: Principal = {
  isInternalAdmin: false,
  isExternalUser: true,
  features: ['MANAGE_EXTERNAL_USERS'],
  partnerGrants: [],
};
const admin: Principal = { isInternalAdmin: true, isExternalUser: false, features: [], partnerGrants: [] };
const role = (roleName: string, rank: number | null): TenantRole => ({
  roleId: roleName,
  roleName,
  roleDescription: '',
  rank,
});

describe('tenant scope', () => {
  it("reads the caller's tenants only when not an internal admin", () => {
    expect(tenantScopeReadsMembership(tenantAdmin)).toBe(true);
    expect(tenantScopeReadsMembership(admin)).toBe(false);
  });

  it('knows a member by e-mail, or by user id without one', () => {
    expect(tenantMemberName({ email: 'ann@acme.example', userId: 'u-1' })).toBe('ann@acme.example');
    expect(tenantMemberName({ email: '', userId: 'u-1' })).toBe('u-1');
  });

  it.each<[string, Principal, TenantRole[] | undefined, number | undefined]>([
    ['an internal admin grants any role', admin, [role('EXT_ADMIN', 30)], undefined],
    ['an internal admin, no membership', admin, undefined, undefined],
    [
      'a member: their highest external rank',
      tenantAdmin,
      [role('EXT_VIEWER', 10), role('EXT_ADMIN', 30), role('DATA_ACME', 99)],
      30,
    ],
    ['a member with no external role', tenantAdmin, [role('DATA_ACME', 99)], 0],
    ['not a member', tenantAdmin, undefined, 0],
  ])('%s', (_, principal, roles, rank) => {
    expect(grantorRankOf(principal, roles)).toBe(rank);
  });
});
