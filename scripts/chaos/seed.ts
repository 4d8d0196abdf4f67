import {
  addTenantMember,
  createSession,
  type DatabaseHandle,
  listIssueReasons,
  setUserAccess,
} from '@portal/db';

export type InviteFixture = {
  /** The tenant administrator's session. */
  cookie: string;
  tenantId: string;
  /** The external role offered to invitees (ranked no higher than the administrator's own). */
  roleId: string;
};

export type ChaosFixtures = { dashboardId: number; cookies: string[]; reason: string; invite: InviteFixture };

async function signedIn(handle: DatabaseHandle, userId: string, features: string[]): Promise<string> {
  await handle.db
    .insertInto('users')
    .values({ user_id: userId, email: `${userId}@bank.test`, is_external_user: true })
    .execute();
  await setUserAccess(handle.db, userId, {
    features,
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'CHA' }],
  });
  const { sessionId } = await createSession(handle.db, {
    userId,
    provider: null,
    idToken: null,
    absoluteHours: 4,
  });
  return `portal_session=${sessionId}`;
}

/**
 * A partner with one dashboard, signed-in users who may view it and write to support, and a
 * tenant whose administrator invites people (each invitation is a job, then an e-mail).
 */
export async function seedChaos(handle: DatabaseHandle, users: number): Promise<ChaosFixtures> {
  const { db } = handle;
  await db
    .insertInto('access_types')
    .values({ code: 'EXT', name: 'External' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const partner = await db
    .insertInto('partners')
    .values({ access_type_code: 'EXT', code: 'CHA', name: 'Chaos partner', updated_at: new Date() })
    .returning('partner_id')
    .executeTakeFirstOrThrow();
  const dashboard = await db
    .insertInto('dashboards')
    .values({
      partner_id: partner.partner_id,
      dashboard_name: 'Chaos',
      dashboard_url: '/content/chaos/',
      dashboard_type: 'RSTUDIO',
      updated_at: new Date(),
    })
    .returning('dashboard_id')
    .executeTakeFirstOrThrow();
  const cookies: string[] = [];
  for (let i = 0; i < users; i += 1) cookies.push(await signedIn(handle, `chaos-${i}`, []));
  await db
    .insertInto('issue_reasons')
    .values({ reason: 'Other', sort_order: 10 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const [reason] = await listIssueReasons(db);
  if (!reason) throw new Error('No issue reasons in the database');

  // The tenant saas-chaos: its data role DATA_CHAOS goes with every invitation (tenantCodeOf).
  const tenantId = 'saas-chaos';
  await db
    .insertInto('tenants')
    .values({ tenant_id: tenantId, display_name: 'Chaos', logo_url: null })
    .execute();
  await db
    .insertInto('roles')
    .values([
      { role_id: 'chaos-store', role_name: 'EXT_STORE_MANAGER', role_description: 'Store Manager', rank: 1 },
      { role_id: 'chaos-data', role_name: 'DATA_CHAOS', role_description: 'Chaos data', rank: null },
    ])
    .execute();
  const admin = 'chaos-admin';
  const adminCookie = await signedIn(handle, admin, ['MANAGE_EXTERNAL_USERS']);
  await addTenantMember(
    db,
    { tenantId, userId: admin, emailAddress: `${admin}@bank.test`, firstName: 'Chaos', lastName: 'Admin' },
    ['chaos-store', 'chaos-data'],
  );
  return {
    dashboardId: dashboard.dashboard_id,
    cookies,
    reason,
    invite: { cookie: adminCookie, tenantId, roleId: 'chaos-store' },
  };
}
