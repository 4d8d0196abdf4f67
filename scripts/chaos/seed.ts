import { createSession, type DatabaseHandle, listIssueReasons, setUserAccess } from '@portal/db';

export type ChaosFixtures = { dashboardId: number; cookies: string[]; reason: string };

/** A partner with one dashboard, and signed-in users who may view it and write to support. */
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
  for (let i = 0; i < users; i += 1) {
    const userId = `chaos-${i}`;
    await db
      .insertInto('users')
      .values({ user_id: userId, email: `${userId}@bank.test`, is_external_user: true })
      .execute();
    await setUserAccess(db, userId, {
      features: [],
      partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'CHA' }],
    });
    const { sessionId } = await createSession(db, {
      userId,
      provider: null,
      idToken: null,
      absoluteHours: 4,
    });
    cookies.push(`portal_session=${sessionId}`);
  }
  await db
    .insertInto('issue_reasons')
    .values({ reason: 'Other', sort_order: 10 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const [reason] = await listIssueReasons(db);
  if (!reason) throw new Error('No issue reasons in the database');
  return { dashboardId: dashboard.dashboard_id, cookies, reason };
}
