import type { TenantRole } from '@portal/domain';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db.js';
import type { Database } from '../schema.js';

// The software-as-a-service side: tenants, roles, and tenant members with their roles.

export type TenantRow = { tenantId: string; displayName: string; logoUrl: string | null };
export type TenantMember = {
  tenantId: string;
  userId: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  roles: TenantRole[];
};

/** A member is matched by user id, or by email address (members' ids are their addresses). */
export async function memberTenantIds(db: Db, who: { userId: string; email: string }): Promise<string[]> {
  const rows = await db
    .selectFrom('tenant_members')
    .select('tenant_id')
    .distinct()
    .where((eb) =>
      eb.or([
        eb(sql`lower(user_id)`, '=', who.userId.toLowerCase()),
        ...(who.email ? [eb(sql`lower(email_address)`, '=', who.email.toLowerCase())] : []),
      ]),
    )
    .execute();
  return rows.map((r) => r.tenant_id);
}

/** Tenants by id; every tenant when ids is 'all'. */
export async function listTenants(db: Db, ids: readonly string[] | 'all'): Promise<TenantRow[]> {
  if (ids !== 'all' && ids.length === 0) return [];
  let query = db.selectFrom('tenants').select(['tenant_id', 'display_name', 'logo_url']);
  if (ids !== 'all') query = query.where('tenant_id', 'in', ids);
  const rows = await query.orderBy('display_name').execute();
  return rows.map((r) => ({ tenantId: r.tenant_id, displayName: r.display_name, logoUrl: r.logo_url }));
}

export async function findTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  return (await listTenants(db, [tenantId]))[0];
}

/** Locks the tenant for the rest of the transaction: one invitation or role change at a time. */
export async function lockTenant(trx: Transaction<Database>, tenantId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('tenants')
    .select('tenant_id')
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function listRoles(db: Db): Promise<TenantRole[]> {
  const rows = await db
    .selectFrom('roles')
    .select(['role_id', 'role_name', 'role_description', 'rank'])
    .orderBy('role_name')
    .execute();
  return rows.map((r) => ({
    roleId: r.role_id,
    roleName: r.role_name,
    roleDescription: r.role_description,
    rank: r.rank,
  }));
}

async function withRoles(
  db: Db,
  tenantId: string,
  members: { user_id: string; email_address: string; first_name: string; last_name: string }[],
): Promise<TenantMember[]> {
  if (members.length === 0) return [];
  const roleRows = await db
    .selectFrom('tenant_member_roles as m')
    .innerJoin('roles as r', 'r.role_id', 'm.role_id')
    .select(['m.user_id', 'r.role_id', 'r.role_name', 'r.role_description', 'r.rank'])
    .where('m.tenant_id', '=', tenantId)
    .where(
      'm.user_id',
      'in',
      members.map((m) => m.user_id),
    )
    .orderBy('r.rank', (ob) => ob.desc().nullsLast())
    .orderBy('r.role_name')
    .execute();
  return members.map((m) => ({
    tenantId,
    userId: m.user_id,
    emailAddress: m.email_address,
    firstName: m.first_name,
    lastName: m.last_name,
    roles: roleRows
      .filter((r) => r.user_id === m.user_id)
      .map((r) => ({
        roleId: r.role_id,
        roleName: r.role_name,
        roleDescription: r.role_description,
        rank: r.rank,
      })),
  }));
}

const memberColumns = ['user_id', 'email_address', 'first_name', 'last_name'] as const;

/** One page of a tenant's users by email, and how many there are. */
export async function listTenantMembers(
  db: Db,
  tenantId: string,
  paging: { limit: number; offset: number },
): Promise<{ users: TenantMember[]; count: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('tenant_members')
      .select(memberColumns)
      .where('tenant_id', '=', tenantId)
      .orderBy(sql`lower(email_address)`)
      .orderBy('user_id')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    db
      .selectFrom('tenant_members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow(),
  ]);
  return { users: await withRoles(db, tenantId, rows), count: Number(total.count) };
}

export async function listAllTenantMembers(db: Db, tenantId: string): Promise<TenantMember[]> {
  const rows = await db
    .selectFrom('tenant_members')
    .select(memberColumns)
    .where('tenant_id', '=', tenantId)
    .orderBy(sql`lower(email_address)`)
    .execute();
  return withRoles(db, tenantId, rows);
}

export async function findTenantMember(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<TenantMember | undefined> {
  const rows = await db
    .selectFrom('tenant_members')
    .select(memberColumns)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
  return (await withRoles(db, tenantId, rows))[0];
}

/** The member of a tenant with this address, whatever its case. */
export async function findTenantMemberByEmail(
  db: Db,
  tenantId: string,
  email: string,
): Promise<TenantMember | undefined> {
  const rows = await db
    .selectFrom('tenant_members')
    .select(memberColumns)
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(email_address)`, '=', email.trim().toLowerCase())
    .execute();
  return (await withRoles(db, tenantId, rows))[0];
}

export async function setMemberRoles(
  db: Db,
  member: { tenantId: string; userId: string },
  roleIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('tenant_member_roles')
    .where('tenant_id', '=', member.tenantId)
    .where('user_id', '=', member.userId)
    .execute();
  if (roleIds.length === 0) return;
  await db
    .insertInto('tenant_member_roles')
    .values(roleIds.map((role_id) => ({ tenant_id: member.tenantId, user_id: member.userId, role_id })))
    .execute();
}

export async function addTenantMember(
  db: Db,
  member: { tenantId: string; userId: string; emailAddress: string; firstName: string; lastName: string },
  roleIds: readonly string[],
): Promise<void> {
  await db
    .insertInto('tenant_members')
    .values({
      tenant_id: member.tenantId,
      user_id: member.userId,
      email_address: member.emailAddress,
      first_name: member.firstName,
      last_name: member.lastName,
    })
    .execute();
  await setMemberRoles(db, member, roleIds);
}

/** Removes the membership of one tenant (its roles go with it by cascade). */
export async function deleteTenantMember(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('tenant_members')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Whether a portal user still belongs to some tenant or partner (else their sessions end). An
 * internal user belongs to the portal itself, whatever tenants they were added to.
 */
export async function belongsAnywhere(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('users')
              .select('user_id')
              .where(sql`lower(user_id)`, '=', userId.toLowerCase())
              .where('is_external_user', '=', false),
          ),
          eb.exists(
            eb
              .selectFrom('tenant_members')
              .select('user_id')
              .where(sql`lower(user_id)`, '=', userId.toLowerCase()),
          ),
          eb.exists(eb.selectFrom('user_partner_access').select('user_id').where('user_id', '=', userId)),
        ])
        .as('belongs'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.belongs);
}

/**
 * The portal user an accepted invitation stands for: the existing person with that id or email,
 * else a new external user whose id is the address (as for every external user of the portal).
 */
export async function ensureInvitedUser(
  db: Db,
  person: { email: string; firstName: string; lastName: string },
): Promise<{ userId: string; created: boolean }> {
  const email = person.email.trim();
  const existing = await db
    .selectFrom('users')
    .select('user_id')
    .where('is_service_account', '=', false)
    .where((eb) =>
      eb.or([
        eb(sql`lower(user_id)`, '=', email.toLowerCase()),
        eb(sql`lower(email)`, '=', email.toLowerCase()),
      ]),
    )
    .orderBy(sql`lower(user_id) = ${email.toLowerCase()}`, 'desc')
    .executeTakeFirst();
  if (existing) return { userId: existing.user_id, created: false };
  await db
    .insertInto('users')
    .values({
      user_id: email,
      email,
      first_name: person.firstName,
      last_name: person.lastName,
      is_external_user: true,
    })
    .execute();
  return { userId: email, created: true };
}
