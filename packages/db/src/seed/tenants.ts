import { THOUGHTSPOT_CONSUMER_ROLE } from '@portal/domain';
import type { Db } from './reference-data.js';

// The software-as-a-service side. Role names follow the prefixed patterns of SPEC.md §6:
// EXT_* are the external roles offered by rank, DATA_* the tenant data roles, and a role whose
// name contains _ONLY_ is limited to the tenant whose code (the tenant id after the first dash,
// upper-cased) it names. Acme's code matches the _ONLY_ roles; Globex's matches none.
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
  {
    roleId: 'role-ext-only-acme-regional',
    roleName: 'EXT_ONLY_ACME_REGIONAL_MANAGER',
    roleDescription: 'Acme Regional Manager',
    rank: 2,
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
    roleId: 'role-thoughtspot-consumer',
    roleName: THOUGHTSPOT_CONSUMER_ROLE,
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
    roleNames: ['EXT_CORPORATE_MANAGER', 'DATA_ACME', THOUGHTSPOT_CONSUMER_ROLE],
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
    roleNames: ['EXT_STORE_MANAGER', 'DATA_GLOBEX'],
  },
];

const FIRST = ['Avery', 'Blake', 'Casey', 'Drew', 'Emery', 'Finley', 'Gray', 'Harper', 'Indy', 'Jules'];
const LAST = ['Adams', 'Baker', 'Clark', 'Diaz', 'Evans', 'Flores', 'Green', 'Hill'];

/** About 120 users of Acme Stores, so its users list shows paging (50 a page). */
export const manyAcmeMembers = Array.from({ length: 116 }, (_, i) => {
  const firstName = FIRST[i % FIRST.length]!;
  const lastName = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  return {
    tenantId: 'saas-acme',
    email: `${firstName}.${lastName}${i + 1}@acme.example`.toLowerCase(),
    firstName,
    lastName,
    roleNames: [
      i % 3 === 0 ? 'EXT_CORPORATE_MANAGER' : 'EXT_STORE_MANAGER',
      'DATA_ACME',
      ...(i % 4 === 0 ? [THOUGHTSPOT_CONSUMER_ROLE] : []),
    ],
  };
});

/** Pending and expired invitations (days relative to the seed's day; negative: in the past). */
export const demoInvitations = [
  {
    id: 'b7a1c0de-0000-4000-8000-000000000001',
    tenantId: 'saas-acme',
    email: 'new.buyer@acme.example',
    role: 'EXT_STORE_MANAGER',
    sentDaysAgo: 1,
    ts: false,
  },
  {
    id: 'b7a1c0de-0000-4000-8000-000000000002',
    tenantId: 'saas-acme',
    email: 'regional.lead@acme.example',
    role: 'EXT_CORPORATE_MANAGER',
    sentDaysAgo: 3,
    ts: true,
  },
  {
    id: 'b7a1c0de-0000-4000-8000-000000000003',
    tenantId: 'saas-acme',
    email: 'finance@acme.example',
    role: 'EXT_STORE_MANAGER',
    sentDaysAgo: 5,
    ts: false,
  },
  {
    id: 'b7a1c0de-0000-4000-8000-000000000004',
    tenantId: 'saas-acme',
    email: 'late.reply@acme.example',
    role: 'EXT_STORE_MANAGER',
    sentDaysAgo: 9,
    ts: false,
  },
  {
    id: 'b7a1c0de-0000-4000-8000-000000000005',
    tenantId: 'saas-acme',
    email: 'old.contact@acme.example',
    role: 'EXT_CORPORATE_MANAGER',
    sentDaysAgo: 20,
    ts: false,
  },
  {
    id: 'b7a1c0de-0000-4000-8000-000000000006',
    tenantId: 'saas-globex',
    email: 'buyer@globex.example',
    role: 'EXT_STORE_MANAGER',
    sentDaysAgo: 2,
    ts: false,
  },
];

export async function seedTenants(db: Db, today: Date = new Date()): Promise<void> {
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
      [...tenantMembers, ...manyAcmeMembers].map((m) => ({
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
  const memberRoles = [...tenantMembers, ...manyAcmeMembers].flatMap((m) =>
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
  // Already mailed in the demo's past: no link exists for them, and the worker mails none.
  const dataRole = (tenantId: string) => (tenantId === 'saas-acme' ? 'DATA_ACME' : 'DATA_GLOBEX');
  await db
    .insertInto('invitations')
    .values(
      demoInvitations.map((i) => {
        const sent = new Date(today.getTime() - i.sentDaysAgo * 86_400_000);
        return {
          invitation_id: i.id,
          tenant_id: i.tenantId,
          email_address: i.email,
          user_role_ids: [i.role, dataRole(i.tenantId), ...(i.ts ? [THOUGHTSPOT_CONSUMER_ROLE] : [])].flatMap(
            (name) => roleIds.get(name) ?? [],
          ),
          is_thoughtspot_user: i.ts,
          inviter_name: 'Tess Tenant',
          created_at: sent,
          expires_at: new Date(sent.getTime() + 7 * 86_400_000),
          mailed_at: sent,
        };
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
