import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canManageTenant,
  chooseRoles,
  dataRoleOf,
  highestRank,
  isRoleAvailableToTenant,
  mayGrantRole,
  mayManageMember,
  offeredExternalRoles,
  rolesOfTenants,
  sortTenantsByDisplayName,
  type TenantRole,
  tenantCodeOf,
  tenantDataRoles,
  tenantDisplayName,
} from './tenant-roles.js';

const role = (roleId: string, roleName: string, rank: number | null = null): TenantRole => ({
  roleId,
  roleName,
  roleDescription: roleName,
  rank,
});
const roles = [
  role('pm', 'EXT_PARTNER_MANAGER', 3),
  role('sm', 'EXT_STORE_MANAGER', 1),
  role('cm', 'EXT_CORPORATE_MANAGER', 2),
  role('sm-acme', 'EXT_ONLY_ACME_REGIONAL', 2),
  role('data-acme', 'DATA_ACME'),
  role('data-globex', 'DATA_GLOBEX'),
  role('data-only-initech', 'DATA_ONLY_INITECH'),
  role('ts', 'THOUGHTSPOT_CONSUMER'),
];
const principal = (over: Partial<Parameters<typeof canManageTenant>[0]> = {}) => ({
  isInternalAdmin: false,
  isExternalUser: true,
  features: ['MANAGE_EXTERNAL_USERS'],
  partnerGrants: [],
  ...over,
});

describe('tenant roles (SPEC.md §6)', () => {
  it('reads the tenant code after the first dash', () => {
    expect(tenantCodeOf('saas-acme')).toBe('acme');
    expect(tenantCodeOf('saas-acme-east')).toBe('acme-east');
    expect(tenantCodeOf('nodash')).toBe('');
  });

  it('offers the external roles sorted by rank', () => {
    expect(offeredExternalRoles(roles, 'saas-globex').map((r) => r.roleId)).toEqual(['sm', 'cm', 'pm']);
  });

  it('offers an _ONLY_ role only to the tenant whose code its name includes', () => {
    expect(offeredExternalRoles(roles, 'saas-acme').map((r) => r.roleId)).toEqual([
      'sm',
      'cm',
      'sm-acme',
      'pm',
    ]);
    expect(isRoleAvailableToTenant(role('x', 'DATA_ONLY_ACME'), 'saas-acme')).toBe(true);
    expect(isRoleAvailableToTenant(role('x', 'DATA_ONLY_ACME'), 'saas-globex')).toBe(false);
    expect(isRoleAvailableToTenant(role('x', 'DATA_ACME'), 'saas-globex')).toBe(true);
  });

  it('never offers an _ONLY_ role to a tenant its name does not include', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2,8}$/), fc.stringMatching(/^[a-z]{2,8}$/), (named, code) => {
        // The spec's rule is literal: the whole name must not contain the code anywhere.
        fc.pre(!`EXT_ONLY_${named}`.includes(code.toUpperCase()));
        expect(isRoleAvailableToTenant(role('r', `EXT_ONLY_${named}`), `saas-${code}`)).toBe(false);
      }),
    );
  });

  it('finds the data role of a tenant by its code', () => {
    expect(dataRoleOf(roles, 'saas-acme')?.roleId).toBe('data-acme');
    expect(dataRoleOf(roles, 'saas-initech')?.roleId).toBe('data-only-initech');
    expect(dataRoleOf(roles, 'saas-umbrella')).toBeUndefined();
  });

  it('always attaches the data role, and the consumer role when ticked', () => {
    const base = { roles, tenantId: 'saas-acme', grantorRank: undefined };
    expect(chooseRoles({ ...base, requestedRoleIds: ['cm'], isThoughtSpotUser: false })).toMatchObject({
      ok: true,
      roleIds: ['cm', 'data-acme'],
    });
    expect(chooseRoles({ ...base, requestedRoleIds: ['cm', 'ts'], isThoughtSpotUser: true })).toMatchObject({
      ok: true,
      roleIds: ['cm', 'data-acme', 'ts'],
    });
    // Unticked on edit: the consumer role sent along is dropped.
    expect(chooseRoles({ ...base, requestedRoleIds: ['cm', 'ts'], isThoughtSpotUser: false })).toMatchObject({
      roleIds: ['cm', 'data-acme'],
    });
  });

  it('needs exactly one external role, offered to the tenant', () => {
    const base = { roles, tenantId: 'saas-globex', grantorRank: undefined, isThoughtSpotUser: false };
    expect(chooseRoles({ ...base, requestedRoleIds: [] })).toEqual({ ok: false, reason: 'select-one-role' });
    expect(chooseRoles({ ...base, requestedRoleIds: ['sm', 'cm'] })).toEqual({
      ok: false,
      reason: 'select-one-role',
    });
    expect(chooseRoles({ ...base, requestedRoleIds: ['sm-acme'] })).toEqual({
      ok: false,
      reason: 'role-not-offered',
    });
  });

  it('refuses a role ranked above the grantor (no escalation); internal admins grant any', () => {
    const base = { roles, tenantId: 'saas-acme', isThoughtSpotUser: false };
    expect(chooseRoles({ ...base, requestedRoleIds: ['pm'], grantorRank: 2 })).toEqual({
      ok: false,
      reason: 'escalation',
    });
    expect(chooseRoles({ ...base, requestedRoleIds: ['cm'], grantorRank: 2 }).ok).toBe(true);
    expect(chooseRoles({ ...base, requestedRoleIds: ['pm'], grantorRank: undefined }).ok).toBe(true);
    // The forms offer exactly the roles the grantor may grant.
    const external = offeredExternalRoles(roles, 'saas-acme');
    expect(external.filter((r) => mayGrantRole(2, r)).map((r) => r.roleId)).toEqual(['sm', 'cm', 'sm-acme']);
    expect(external.filter((r) => mayGrantRole(undefined, r))).toEqual(external);
    for (const r of external) {
      const chosen = chooseRoles({ ...base, requestedRoleIds: [r.roleId], grantorRank: 2 });
      expect(chosen.ok).toBe(mayGrantRole(2, r));
    }
    expect(highestRank([roles[1]!, roles[2]!, roles[4]!])).toBe(2);
    expect(mayManageMember(1, [roles[0]!])).toBe(false);
    expect(mayManageMember(3, [roles[0]!])).toBe(true);
  });

  it("names a tenant's data roles: the one its users get and _ONLY_ ones limited to it", () => {
    const demo = [...roles, role('data-only-acme', 'DATA_ONLY_ACME')];
    expect(tenantDataRoles(demo, 'saas-acme').map((r) => r.roleId)).toEqual(['data-acme', 'data-only-acme']);
    expect(tenantDataRoles(demo, 'saas-globex').map((r) => r.roleId)).toEqual(['data-globex']);
    expect(tenantDataRoles(demo, 'saas-initech').map((r) => r.roleId)).toEqual(['data-only-initech']);
    expect(tenantDataRoles(demo, 'saas-umbrella')).toEqual([]);
  });

  it("lists a tenant administrator their tenants' roles: external by rank, their data roles, the consumer role", () => {
    expect(rolesOfTenants(roles, ['saas-acme']).map((r) => r.roleId)).toEqual([
      'sm',
      'cm',
      'sm-acme',
      'pm',
      'data-acme',
      'ts',
    ]);
    expect(rolesOfTenants(roles, ['saas-acme', 'saas-globex']).map((r) => r.roleId)).toContain('data-globex');
    expect(rolesOfTenants(roles, ['saas-globex']).map((r) => r.roleId)).toEqual([
      'sm',
      'cm',
      'pm',
      'data-globex',
      'ts',
    ]);
    expect(rolesOfTenants(roles, [])).toEqual([]);
  });

  it('never lists the data role of a tenant the administrator is not a member of', () => {
    const tenants = ['saas-acme', 'saas-globex', 'saas-initech'];
    fc.assert(
      fc.property(fc.subarray(tenants), (memberOf) => {
        const listed = rolesOfTenants(roles, memberOf);
        for (const id of tenants) {
          expect(listed.includes(dataRoleOf(roles, id)!)).toBe(memberOf.includes(id));
        }
      }),
    );
  });

  it('lets internal admins and members with MANAGE_EXTERNAL_USERS manage a tenant', () => {
    expect(canManageTenant(principal(), 'saas-acme', ['saas-acme'])).toBe(true);
    expect(canManageTenant(principal(), 'saas-globex', ['saas-acme'])).toBe(false);
    expect(canManageTenant(principal({ features: [] }), 'saas-acme', ['saas-acme'])).toBe(false);
    expect(canManageTenant(principal({ isInternalAdmin: true, features: [] }), 'saas-globex', [])).toBe(true);
  });

  it('lists tenants by display name without the portal suffix', () => {
    expect(tenantDisplayName('Acme Stores - Partner Portal')).toBe('Acme Stores');
    expect(tenantDisplayName('Partner Portal')).toBe('Partner Portal');
    // Nothing before the suffix: the name is kept whole rather than shown empty.
    expect(tenantDisplayName(' - Partner Portal ')).toBe('- Partner Portal');
    expect(
      sortTenantsByDisplayName([
        { tenantId: 'b', displayName: 'Zeta - Partner Portal' },
        { tenantId: 'a', displayName: 'Alpha' },
      ]).map((t) => t.displayName),
    ).toEqual(['Alpha', 'Zeta']);
  });

  // Issue 26: roles of every shape the data can hold.
  describe('roles of every shape', () => {
    const shapes = [
      role('ranked-ext', 'EXT_STORE_MANAGER', 1),
      role('unranked-ext', 'EXT_LEGACY_VIEWER', null),
      role('ranked-other', 'STORE_MANAGER', 1),
      role('lower-ext', 'ext_corporate', 2),
      role('data-acme', 'DATA_ACME'),
      role('data-only-acme', 'DATA_ONLY_ACME_EAST'),
      role('ts', 'thoughtspot_consumer'),
    ];

    it('offers a role as external only when its name starts with EXT_ and it has a rank', () => {
      expect(offeredExternalRoles(shapes, 'saas-acme').map((r) => r.roleId)).toEqual([
        'ranked-ext',
        'lower-ext',
      ]);
      expect(highestRank([shapes[1]!, shapes[2]!])).toBe(0);
      expect(highestRank([shapes[0]!, shapes[3]!])).toBe(2);
    });

    it('refuses an unranked EXT_ role or a ranked role outside EXT_ as the external role', () => {
      const base = { roles: shapes, tenantId: 'saas-acme', grantorRank: undefined, isThoughtSpotUser: false };
      for (const id of ['unranked-ext', 'ranked-other']) {
        expect(chooseRoles({ ...base, requestedRoleIds: [id] })).toEqual({
          ok: false,
          reason: 'select-one-role',
        });
      }
      // Sent beside one external role, they do not count as a second one.
      expect(
        chooseRoles({ ...base, requestedRoleIds: ['ranked-ext', 'unranked-ext', 'ranked-other'] }),
      ).toEqual({
        ok: true,
        externalRole: shapes[0],
        roleIds: ['ranked-ext', 'data-acme'],
      });
    });

    it('prefers the exact DATA_{code} role over an _ONLY_ role naming the code, wherever it is listed', () => {
      const onlyFirst = [role('data-only-acme', 'DATA_ONLY_ACME'), role('data-acme', 'data_acme')];
      expect(dataRoleOf(onlyFirst, 'saas-acme')?.roleId).toBe('data-acme');
      expect(dataRoleOf([...onlyFirst].reverse(), 'saas-acme')?.roleId).toBe('data-acme');
      expect(dataRoleOf([role('data-only-acme', 'DATA_ONLY_ACME')], 'saas-acme')?.roleId).toBe(
        'data-only-acme',
      );
    });

    it('finds no data role for a tenant id without a code, or among roles outside DATA_', () => {
      expect(dataRoleOf(shapes, 'acme')).toBeUndefined();
      expect(dataRoleOf([role('x', 'EXT_ACME', 1), role('y', 'ACME')], 'saas-acme')).toBeUndefined();
      // Another tenant's _ONLY_ data role naming this code too is not this tenant's.
      expect(dataRoleOf([role('z', 'DATA_ONLY_GLOBEX')], 'saas-acme')).toBeUndefined();
    });

    it('refuses to set up a user of a tenant that has no data role', () => {
      const noData = shapes.filter((r) => !r.roleName.toUpperCase().startsWith('DATA_'));
      expect(
        chooseRoles({
          roles: noData,
          tenantId: 'saas-acme',
          requestedRoleIds: ['ranked-ext'],
          isThoughtSpotUser: true,
          grantorRank: undefined,
        }),
      ).toEqual({ ok: false, reason: 'no-data-role' });
    });

    it('finds the consumer role whatever its case, and adds nothing when the tenant has none', () => {
      const base = {
        tenantId: 'saas-acme',
        requestedRoleIds: ['ranked-ext'],
        isThoughtSpotUser: true,
        grantorRank: 1,
      };
      expect(chooseRoles({ ...base, roles: shapes })).toMatchObject({
        roleIds: ['ranked-ext', 'data-acme', 'ts'],
      });
      const noConsumer = shapes.filter((r) => r.roleId !== 'ts');
      expect(chooseRoles({ ...base, roles: noConsumer })).toMatchObject({
        roleIds: ['ranked-ext', 'data-acme'],
      });
      expect(rolesOfTenants(noConsumer, ['saas-acme']).map((r) => r.roleId)).toEqual([
        'ranked-ext',
        'lower-ext',
        'data-acme',
        'data-only-acme',
      ]);
    });

    it('grants at the rank held and not above it; an unranked role counts as rank 0', () => {
      expect(mayGrantRole(2, { rank: 2 })).toBe(true);
      expect(mayGrantRole(2, { rank: 3 })).toBe(false);
      expect(mayGrantRole(0, { rank: null })).toBe(true);
      expect(mayGrantRole(0, { rank: 1 })).toBe(false);
      expect(mayManageMember(2, [shapes[3]!])).toBe(true);
      expect(mayManageMember(1, [shapes[3]!])).toBe(false);
      expect(mayManageMember(undefined, [role('top', 'EXT_TOP', 9)])).toBe(true);
    });

    it('sorts roles of the same rank by name', () => {
      const same = [role('b', 'EXT_B', 1), role('a', 'EXT_A', 1), role('c', 'EXT_C', 0)];
      expect(offeredExternalRoles(same, 'saas-acme').map((r) => r.roleId)).toEqual(['c', 'a', 'b']);
    });

    it('judges _ONLY_ and the code without regard to case, and never for a tenant id without a code', () => {
      expect(isRoleAvailableToTenant(role('x', 'ext_only_acme'), 'saas-ACME')).toBe(true);
      expect(isRoleAvailableToTenant(role('x', 'EXT_ONLY_ACME'), 'acme')).toBe(false);
      expect(isRoleAvailableToTenant(role('x', 'EXT_ACME'), 'acme')).toBe(true);
    });

    it('drops the portal suffix in its several spellings', () => {
      expect(tenantDisplayName('Acme – the Partner Portal')).toBe('Acme');
      expect(tenantDisplayName('Acme | partner portal ')).toBe('Acme');
      expect(tenantDisplayName('Acme: Partner Portal')).toBe('Acme');
      expect(tenantDisplayName('Acme Partner Portal')).toBe('Acme Partner Portal');
      expect(tenantDisplayName('  Acme  ')).toBe('Acme');
    });
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md).
describe('tenant edges', () => {
  it('reads the code after a dash that starts the tenant id', () => {
    expect(tenantCodeOf('-acme')).toBe('acme');
  });

  it('lists a role limited to one of the tenants the administrator is a member of', () => {
    expect(rolesOfTenants(roles, ['saas-acme', 'saas-globex']).map((r) => r.roleId)).toContain('sm-acme');
    expect(rolesOfTenants(roles, ['saas-globex', 'saas-acme']).map((r) => r.roleId)).toContain('sm-acme');
  });

  it.each([
    ['Acme - Partner Portal Europe', 'Acme - Partner Portal Europe'],
    ['Acme -Partner Portal', 'Acme'],
    ['Acme - The  Partner Portal', 'Acme'],
    ['Acme - Partner  Portal', 'Acme'],
    ['Acme\t–\tthe\tpartner\tportal', 'Acme'],
  ])('shows %o as %o: the suffix only at the end, any white space inside it', (name, shown) => {
    expect(tenantDisplayName(name)).toBe(shown);
  });
});
