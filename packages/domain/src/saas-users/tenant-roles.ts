import type { Principal } from '../access/permissions.js';

// Tenant user roles of SPEC.md §6. Role names follow prefixed patterns: EXT_* are the external
// roles offered by rank, DATA_* the tenant's data roles, and a name containing _ONLY_ is limited
// to the tenant whose code it names. The ThoughtSpot consumer role is optional.

export type TenantRole = {
  roleId: string;
  roleName: string;
  roleDescription: string;
  rank: number | null;
};

export const EXTERNAL_ROLE_PREFIX = 'EXT_';
export const DATA_ROLE_PREFIX = 'DATA_';
export const TENANT_LIMITED_MARK = '_ONLY_';
export const THOUGHTSPOT_CONSUMER_ROLE = 'THOUGHTSPOT_CONSUMER';

/** The tenant code is the part of the tenant id after the first dash ('saas-acme' → 'acme'). */
export function tenantCodeOf(tenantId: string): string {
  const dash = tenantId.indexOf('-');
  return dash < 0 ? '' : tenantId.slice(dash + 1);
}

/** A role whose name contains _ONLY_ belongs only to the tenant whose code its name includes. */
export function isRoleAvailableToTenant(role: Pick<TenantRole, 'roleName'>, tenantId: string): boolean {
  if (!role.roleName.toUpperCase().includes(TENANT_LIMITED_MARK)) return true;
  const code = tenantCodeOf(tenantId).toUpperCase();
  return code !== '' && role.roleName.toUpperCase().includes(code);
}

export const isExternalRole = (role: TenantRole) =>
  role.roleName.toUpperCase().startsWith(EXTERNAL_ROLE_PREFIX) && role.rank !== null;

const byRank = (a: TenantRole, b: TenantRole) =>
  (a.rank ?? 0) - (b.rank ?? 0) || a.roleName.localeCompare(b.roleName);

/** The external roles a tenant's user may be given, sorted by rank (Store 1, Corporate 2, Partner 3). */
export function offeredExternalRoles(roles: readonly TenantRole[], tenantId: string): TenantRole[] {
  return roles.filter((role) => isExternalRole(role) && isRoleAvailableToTenant(role, tenantId)).sort(byRank);
}

/**
 * The tenant's data role: DATA_{code}, or failing that the DATA_*_ONLY_ role naming the code.
 * Always attached to a tenant user.
 */
export function dataRoleOf(roles: readonly TenantRole[], tenantId: string): TenantRole | undefined {
  const code = tenantCodeOf(tenantId).toUpperCase();
  if (code === '') return undefined;
  const data = roles.filter((r) => r.roleName.toUpperCase().startsWith(DATA_ROLE_PREFIX));
  return (
    data.find((r) => r.roleName.toUpperCase() === `${DATA_ROLE_PREFIX}${code}`) ??
    data.find((r) => isRoleAvailableToTenant(r, tenantId) && r.roleName.toUpperCase().includes(code))
  );
}

export const thoughtSpotConsumerRole = (roles: readonly TenantRole[]) =>
  roles.find((r) => r.roleName.toUpperCase() === THOUGHTSPOT_CONSUMER_ROLE);

const isDataRole = (role: TenantRole) => role.roleName.toUpperCase().startsWith(DATA_ROLE_PREFIX);

/**
 * The data roles of a tenant: the one its users are given (dataRoleOf) and any DATA_*_ONLY_* role
 * limited to it. Another tenant's DATA_{code} is not one of them, though no _ONLY_ keeps it out.
 */
export function tenantDataRoles(roles: readonly TenantRole[], tenantId: string): TenantRole[] {
  const given = dataRoleOf(roles, tenantId);
  return roles.filter(
    (role) =>
      isDataRole(role) &&
      (role.roleId === given?.roleId ||
        (role.roleName.toUpperCase().includes(TENANT_LIMITED_MARK) &&
          isRoleAvailableToTenant(role, tenantId))),
  );
}

/**
 * The roles listed to a tenant administrator who names no tenant (GET /api/saas/role): those of the
 * tenants they are a member of, that is the external roles available to one of them by rank, their
 * data roles, then the consumer role. Another tenant's data role (DATA_GLOBEX to Acme's
 * administrator) names that tenant's data, so it is not listed.
 */
export function rolesOfTenants(roles: readonly TenantRole[], tenantIds: readonly string[]): TenantRole[] {
  if (tenantIds.length === 0) return [];
  const available = (role: TenantRole) => tenantIds.some((id) => isRoleAvailableToTenant(role, id));
  const data = new Set(tenantIds.flatMap((id) => tenantDataRoles(roles, id)));
  const consumer = thoughtSpotConsumerRole(roles);
  return [
    ...roles.filter((role) => isExternalRole(role) && available(role)).sort(byRank),
    ...roles.filter((role) => data.has(role)),
    ...(consumer ? [consumer] : []),
  ];
}

/** The highest external rank among the roles held, or 0 when none. */
export function highestRank(held: readonly TenantRole[]): number {
  return held.reduce((max, role) => (isExternalRole(role) ? Math.max(max, role.rank ?? 0) : max), 0);
}

/**
 * No escalation: a tenant administrator may grant no role ranked above the highest they hold;
 * internal admins (grantorRank undefined) may grant any. The server refuses such a choice, and the
 * roles offered to the forms are filtered by the same rule.
 */
export function mayGrantRole(grantorRank: number | undefined, role: Pick<TenantRole, 'rank'>): boolean {
  return grantorRank === undefined || (role.rank ?? 0) <= grantorRank;
}

export type RoleChoice =
  | { ok: true; roleIds: string[]; externalRole: TenantRole }
  | { ok: false; reason: 'select-one-role' | 'role-not-offered' | 'escalation' | 'no-data-role' };

/**
 * The role set given to a tenant user from what the form sent: exactly one offered external role,
 * the tenant's data role always, and the ThoughtSpot consumer role when the box is ticked. Other
 * ids sent along (a data role, the consumer role) are ignored: the rules decide them.
 * No escalation (mayGrantRole).
 */
export function chooseRoles(input: {
  roles: readonly TenantRole[];
  tenantId: string;
  requestedRoleIds: readonly string[];
  isThoughtSpotUser: boolean;
  grantorRank: number | undefined;
}): RoleChoice {
  const offered = offeredExternalRoles(input.roles, input.tenantId);
  const requested = new Set(input.requestedRoleIds);
  const externalRequested = input.roles.filter((r) => requested.has(r.roleId) && isExternalRole(r));
  if (externalRequested.length !== 1) return { ok: false, reason: 'select-one-role' };
  const externalRole = externalRequested[0]!;
  if (!offered.some((r) => r.roleId === externalRole.roleId))
    return { ok: false, reason: 'role-not-offered' };
  if (!mayGrantRole(input.grantorRank, externalRole)) return { ok: false, reason: 'escalation' };
  const data = dataRoleOf(input.roles, input.tenantId);
  if (!data) return { ok: false, reason: 'no-data-role' };
  const consumer = input.isThoughtSpotUser ? thoughtSpotConsumerRole(input.roles) : undefined;
  return {
    ok: true,
    externalRole,
    roleIds: [externalRole.roleId, data.roleId, ...(consumer ? [consumer.roleId] : [])],
  };
}

export const ROLE_CHOICE_MESSAGES: Record<Exclude<RoleChoice, { ok: true }>['reason'], string> = {
  'select-one-role': 'Please select a role.',
  'role-not-offered': 'That role is not offered for this tenant.',
  escalation: 'You may not grant a role ranked above your own.',
  'no-data-role': 'This tenant has no data role; ask an administrator to set one up.',
};

/**
 * Who may manage a tenant's users: an internal admin, or a user with MANAGE_EXTERNAL_USERS who is
 * a member of that tenant.
 */
export function canManageTenant(
  principal: Principal,
  tenantId: string,
  memberTenantIds: readonly string[],
): boolean {
  if (principal.isInternalAdmin) return true;
  if (!principal.features.includes('MANAGE_EXTERNAL_USERS')) return false;
  return memberTenantIds.includes(tenantId);
}

/** Tenant names carry a suffix about the portal ('Acme Stores - Partner Portal'); lists drop it. */
export function tenantDisplayName(displayName: string): string {
  return displayName.replace(/\s*[-–|:]\s*(the\s+)?partner\s+portal\s*$/i, '').trim() || displayName.trim();
}

export function sortTenantsByDisplayName<T extends { displayName: string }>(tenants: readonly T[]): T[] {
  return [...tenants]
    .map((t) => ({ ...t, displayName: tenantDisplayName(t.displayName) }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The refusal when the user acted on is ranked above the administrator, worded for the action; the
 * pages put it after §8's failure wording ('There was an issue updating the roles. -- …').
 */
export const OUTRANKED_MESSAGES = {
  updateRoles: 'You may not change the roles of a user ranked above you.',
  deleteUser: 'You may not remove a user ranked above you.',
  resendInvitation: 'You may not resend an invitation for a role ranked above your own.',
} as const;

/** A tenant administrator may not change or remove a user ranked above themselves either. */
export function mayManageMember(grantorRank: number | undefined, member: readonly TenantRole[]): boolean {
  return grantorRank === undefined || highestRank(member) <= grantorRank;
}
