import type { Db } from './reference-data.js';

// The software-as-a-service side. Role names follow the prefixed patterns of SPEC.md §6:
// EXT_* are the external roles offered by rank, DATA_* the tenant data roles, and a role whose
// name contains _ONLY_ is limited to the tenant whose code (the tenant id after the first dash,
// upper-cased) it names.
export const tenants = [
  { tenantId: 'saas-acme', displayName: 'Acme Stores - Partner Portal' },
  { tenantId: 'saas-globex', displayName: 'Globex Markets - Partner Portal' },
];

export const roles = [
  {
    roleId: 'role-ext-store-manager',
    roleName: 'EXT_STORE_MANAGER',
    roleDescription: 'Store Manager',
    rank: 1,
  },
  {
    roleId: 'role-ext-corporate-manager',
    roleName: 'EXT_CORPORATE_MANAGER',
    roleDescription: 'Corporate Manager',
    rank: 2,
  },
  {
    roleId: 'role-ext-partner-manager',
    roleName: 'EXT_PARTNER_MANAGER',
    roleDescription: 'Partner Manager',
    rank: 3,
  },
  { roleId: 'role-data-acme', roleName: 'DATA_ACME', roleDescription: 'Acme Stores data', rank: null },
  {
    roleId: 'role-data-only-acme',
    roleName: 'DATA_ONLY_ACME',
    roleDescription: 'Acme Stores data only',
    rank: null,
  },
  { roleId: 'role-data-globex', roleName: 'DATA_GLOBEX', roleDescription: 'Globex Markets data', rank: null },
  {
    roleId: 'role-data-only-globex',
    roleName: 'DATA_ONLY_GLOBEX',
    roleDescription: 'Globex Markets data only',
    rank: null,
  },
  {
    roleId: 'role-thoughtspot-consumer',
    roleName: 'THOUGHTSPOT_CONSUMER',
    roleDescription: 'ThoughtSpot Consumer',
    rank: null,
  },
];

export const tenantMembers = [
  {
    tenantId: 'saas-acme',
    email: 'tenant-admin@demo.portal',
    firstName: 'Tess',
    lastName: 'Tenant',
    roleNames: ['EXT_PARTNER_MANAGER', 'DATA_ACME'],
  },
  {
    tenantId: 'saas-acme',
    email: 'store.manager@acme.example',
    firstName: 'Riley',
    lastName: 'Stone',
    roleNames: ['EXT_STORE_MANAGER', 'DATA_ONLY_ACME'],
  },
  {
    tenantId: 'saas-acme',
    email: 'corporate@acme.example',
    firstName: 'Jordan',
    lastName: 'Brooks',
    roleNames: ['EXT_CORPORATE_MANAGER', 'DATA_ACME', 'THOUGHTSPOT_CONSUMER'],
  },
  {
    tenantId: 'saas-acme',
    email: 'analyst@acme.example',
    firstName: 'Morgan',
    lastName: 'Lee',
    roleNames: ['EXT_STORE_MANAGER', 'DATA_ACME'],
  },
  {
    tenantId: 'saas-globex',
    email: 'manager@globex.example',
    firstName: 'Casey',
    lastName: 'Nguyen',
    roleNames: ['EXT_PARTNER_MANAGER', 'DATA_GLOBEX'],
  },
  {
    tenantId: 'saas-globex',
    email: 'store@globex.example',
    firstName: 'Alex',
    lastName: 'Garcia',
    roleNames: ['EXT_STORE_MANAGER', 'DATA_ONLY_GLOBEX'],
  },
];

export async function seedTenants(db: Db): Promise<void> {
  await db
    .insertInto('tenants')
    .values(tenants.map((t) => ({ tenant_id: t.tenantId, display_name: t.displayName, logo_url: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('roles')
    .values(
      roles.map((r) => ({
        role_id: r.roleId,
        role_name: r.roleName,
        role_description: r.roleDescription,
        rank: r.rank,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  // A member's user id is their email address, as for every external user of the portal.
  await db
    .insertInto('tenant_members')
    .values(
      tenantMembers.map((m) => ({
        tenant_id: m.tenantId,
        user_id: m.email,
        email_address: m.email,
        first_name: m.firstName,
        last_name: m.lastName,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  const roleIds = new Map(
    (await db.selectFrom('roles').select(['role_id', 'role_name']).execute()).map((r) => [
      r.role_name,
      r.role_id,
    ]),
  );
  const memberRoles = tenantMembers.flatMap((m) =>
    m.roleNames.flatMap((name) => {
      const role_id = roleIds.get(name);
      return role_id ? [{ tenant_id: m.tenantId, user_id: m.email, role_id }] : [];
    }),
  );
  await db
    .insertInto('tenant_member_roles')
    .values(memberRoles)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
