import { insertInvitation, recordInvitationToken, sha256Hex } from '@portal/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedTenantFixtures } from '../authorization/tenant-fixtures.js';
import { startThoughtSpotStandIn } from '../stand-ins/thoughtspot.js';
import { TestBrowser } from '../support/browser.js';
import { type PortalWithSso, startPortalWithSso } from '../support/portal-with-sso.js';

// Following an invitation link: through the real dev-sso sign-in to acceptance, or to the page
// saying why not (expired, deleted, used, mismatched), with nothing changed.
let t: PortalWithSso;
let browser: TestBrowser;
let counter = 0;

/** A mailed invitation of tenant saas-mxa, and the token of its link. */
async function invitation(
  email: string,
  options: { expired?: boolean; deleted?: boolean; isThoughtSpotUser?: boolean } = {},
) {
  const now = Date.now();
  const created = await insertInvitation(t.database.db, {
    tenantId: 'saas-mxa',
    emailAddress: email,
    userRoleIds: ['mx-corporate', 'mx-data-a', ...(options.isThoughtSpotUser ? ['mx-ts'] : [])],
    isThoughtSpotUser: options.isThoughtSpotUser ?? false,
    inviterName: 'Tess',
    createdAt: new Date(now - 8 * 86_400_000),
    expiresAt: new Date(options.expired ? now - 1000 : now + 86_400_000),
  });
  counter += 1;
  const token = `token-${counter}-${created.invitationId}`;
  await recordInvitationToken(t.database.db, created.invitationId, sha256Hex(token));
  if (options.deleted) {
    await t.database.db
      .updateTable('invitations')
      .set({ deleted_at: new Date() })
      .where('invitation_id', '=', created.invitationId)
      .execute();
  }
  return { ...created, link: `${t.publicUrl}/api/saas/invitations/accept?token=${token}` };
}

/** Opens the link; signs in at dev-sso as `login` when the link leads there. Returns where it ended. */
async function follow(link: string, login?: string) {
  const { response, url } = await browser.follow(
    link,
    {},
    (u) => u.origin === t.publicUrl && !u.pathname.startsWith('/api/'),
  );
  if (url.origin === t.publicUrl || !login) return url;
  const html = await response.text();
  expect(html).toContain('Demo sign-in');
  const done = await browser.submitForm(
    url,
    html,
    { login, password: 'demo' },
    (u) => u.origin === t.publicUrl && !u.pathname.startsWith('/api/'),
  );
  return done.url;
}

const inPortal = (u: URL) => u.origin === t.publicUrl && !u.pathname.startsWith('/api/');

/**
 * Signs in on dev-sso's form. When the sign-in server remembered another account, it first signs
 * that one out with a form of its own (oidc-provider's account switch), which a browser submits
 * by script: it is submitted here too.
 */
async function signInOnForm(url: URL, html: string, login: string): Promise<URL> {
  let done = await browser.submitForm(url, html, { login, password: 'demo' }, inPortal);
  for (let step = 0; step < 3 && !inPortal(done.url); step++) {
    const page = await done.response.text();
    done = await browser.submitForm(done.url, page, {}, inPortal);
  }
  return done.url;
}

async function state(email: string, invitationId: string) {
  const db = t.database.db;
  return {
    members: await db
      .selectFrom('tenant_members')
      .select(['tenant_id', 'user_id'])
      .where('email_address', 'ilike', email)
      .execute(),
    users: await db.selectFrom('users').select('user_id').where('email', 'ilike', email).execute(),
    invitation: await db
      .selectFrom('invitations')
      .select(['accepted_at', 'deleted_at'])
      .where('invitation_id', '=', invitationId)
      .executeTakeFirstOrThrow(),
  };
}

beforeAll(async () => {
  t = await startPortalWithSso();
  await seedTenantFixtures(t.database.db);
});
afterAll(async () => t?.close());
beforeEach(() => {
  browser = new TestBrowser();
});

describe('accepting an invitation', () => {
  it('signs the invited newcomer in, makes them a member with the invited roles, consumes the link, ensures the ThoughtSpot user', async () => {
    const invited = await invitation('Fresh.Face@Invited.Demo', { isThoughtSpotUser: true });
    // The identity comes back as fresh.face@invited.demo: compared case-insensitively.
    const landed = await follow(invited.link, 'fresh.face@invited.demo');
    // The invitation's page, which tells them what they joined (invitation-page.test.ts).
    expect(landed.pathname).toBe(`/invitation/${invited.invitationId}`);
    const me = await browser.request(`${t.publicUrl}/api/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ userId: 'Fresh.Face@Invited.Demo', isExternalUser: true });
    const after = await state('fresh.face@invited.demo', invited.invitationId);
    expect(after.members).toEqual([{ tenant_id: 'saas-mxa', user_id: 'Fresh.Face@Invited.Demo' }]);
    expect(after.invitation.accepted_at).not.toBeNull();
    const roles = await t.database.db
      .selectFrom('tenant_member_roles')
      .select('role_id')
      .where('user_id', '=', 'Fresh.Face@Invited.Demo')
      .orderBy('role_id')
      .execute();
    expect(roles.map((r) => r.role_id)).toEqual(['mx-corporate', 'mx-data-a', 'mx-ts']);
    expect(await t.app.dashboardServices.thoughtSpot.findUser('Fresh.Face@Invited.Demo')).toMatchObject({
      email: 'Fresh.Face@Invited.Demo',
    });

    // Their landing page tells them what they joined; no one else learns it.
    const page = await browser.request(`${t.publicUrl}/api/saas/invitations/${invited.invitationId}`);
    expect(await page.json()).toEqual({
      invitationId: invited.invitationId,
      status: 'used',
      joined: { tenantName: 'Matrix A', roles: ['Corporate Manager', 'MXA data', 'ThoughtSpot Consumer'] },
    });
    const anonymous = await new TestBrowser().request(
      `${t.publicUrl}/api/saas/invitations/${invited.invitationId}`,
    );
    expect(await anonymous.json()).toEqual({ invitationId: invited.invitationId, status: 'used' });

    // The link is single-use.
    browser = new TestBrowser();
    expect((await follow(invited.link)).href).toBe(`${t.publicUrl}/invitation?status=used`);
  });

  it('changes nothing when a used link is followed again (membership, roles, the invitation row)', async () => {
    const invited = await invitation('used.twice@invited.demo', { isThoughtSpotUser: true });
    expect((await follow(invited.link, 'used.twice@invited.demo')).pathname).toBe(
      `/invitation/${invited.invitationId}`,
    );
    // Since then, an administrator lowered the member's role and dropped the consumer role: following
    // the old link must not give the invited roles back.
    await t.database.db
      .deleteFrom('tenant_member_roles')
      .where('user_id', '=', 'used.twice@invited.demo')
      .where('role_id', 'in', ['mx-corporate', 'mx-ts'])
      .execute();
    await t.database.db
      .insertInto('tenant_member_roles')
      .values({ tenant_id: 'saas-mxa', user_id: 'used.twice@invited.demo', role_id: 'mx-store' })
      .execute();
    const snapshot = async () => ({
      members: await t.database.db
        .selectFrom('tenant_members')
        .selectAll()
        .where('user_id', '=', 'used.twice@invited.demo')
        .execute(),
      roles: await t.database.db
        .selectFrom('tenant_member_roles')
        .selectAll()
        .where('user_id', '=', 'used.twice@invited.demo')
        .orderBy(['tenant_id', 'role_id'])
        .execute(),
      invitation: await t.database.db
        .selectFrom('invitations')
        .selectAll()
        .where('invitation_id', '=', invited.invitationId)
        .executeTakeFirstOrThrow(),
    });
    const before = await snapshot();
    expect(before.roles.map((r) => r.role_id)).toEqual(['mx-data-a', 'mx-store']);
    expect(before.invitation.accepted_at).not.toBeNull();

    // Followed while still signed in as the invited person, then by a fresh browser.
    expect(browser.cookie('portal_session')).toBeDefined();
    expect((await follow(invited.link)).href).toBe(`${t.publicUrl}/invitation?status=used`);
    browser = new TestBrowser();
    expect((await follow(invited.link, 'used.twice@invited.demo')).href).toBe(
      `${t.publicUrl}/invitation?status=used`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['expired', { expired: true }],
    ['deleted', { deleted: true }],
  ] as const)(
    'sends an %s invitation to the page saying so, before any sign-in, changing nothing',
    async (status, options) => {
      const invited = await invitation(`${status}@invited.demo`, options);
      const before = await state(`${status}@invited.demo`, invited.invitationId);
      const landed = await follow(invited.link);
      expect(landed.href).toBe(`${t.publicUrl}/invitation?status=${status}`);
      expect(await state(`${status}@invited.demo`, invited.invitationId)).toEqual(before);
      expect(browser.cookie('portal_session')).toBeUndefined();
    },
  );

  it('refuses a signed-in identity whose e-mail is not the invited address, changing nothing', async () => {
    const invited = await invitation('right.person@invited.demo');
    const landed = await follow(invited.link, 'wrong.person@invited.demo');
    expect(landed.href).toBe(`${t.publicUrl}/invitation/${invited.invitationId}?status=mismatched`);
    expect(browser.cookie('portal_session')).toBeUndefined();
    expect(await state('right.person@invited.demo', invited.invitationId)).toEqual({
      members: [],
      users: [],
      invitation: { accepted_at: null, deleted_at: null },
    });
    expect(await state('wrong.person@invited.demo', invited.invitationId)).toMatchObject({
      members: [],
      users: [],
    });
  });

  it('offers the browser that came back as another person to sign in as the invited address, which the sign-in server then asks for', async () => {
    const invited = await invitation('asked.for@invited.demo');
    const page = `${t.publicUrl}/api/saas/invitations/${invited.invitationId}`;
    // The sign-in server remembers another account: the silent sign-in comes back as it.
    const landed = await follow(invited.link, 'someone.else@invited.demo');
    expect(landed.href).toBe(`${t.publicUrl}/invitation/${invited.invitationId}?status=mismatched`);
    const ticket = browser.cookie('portal_invitation');
    expect(ticket).toBeDefined();
    const offers = await t.database.db
      .selectFrom('pending_logins')
      .select('state')
      .where('invitation_id', '=', invited.invitationId)
      .execute();
    expect(offers).toEqual([{ state: sha256Hex(ticket!) }]);

    // The invitation's page learns the address to sign in as; a browser without the ticket, its status only.
    expect(await (await browser.request(page)).json()).toEqual({
      invitationId: invited.invitationId,
      status: 'pending',
      signInAs: 'asked.for@invited.demo',
    });
    expect(await (await new TestBrowser().request(page)).json()).toEqual({
      invitationId: invited.invitationId,
      status: 'pending',
    });
    // The mismatch changed nothing: the e-mail's link still leads to sign-in.
    const reopened = await t.app.inject({
      url: new URL(invited.link).pathname + new URL(invited.link).search,
    });
    expect(reopened.headers.location).toMatch(/^http:\/\/localhost:\d+\/auth\?/);

    // 'Sign in as': prompt=login with the invited address as the hint, the ticket used up.
    const again = await browser.request(`${page}/sign-in-again`);
    expect(again.status).toBe(302);
    const authorize = new URL(again.headers.get('location') ?? '');
    expect(authorize.searchParams.get('prompt')).toBe('login');
    expect(authorize.searchParams.get('login_hint')).toBe('asked.for@invited.demo');
    expect(browser.cookie('portal_invitation')).toBeUndefined();
    // dev-sso still remembers someone.else, and asks for credentials anyway, the hint filled in.
    const { response, url } = await browser.follow(authorize.href, {}, inPortal);
    const html = await response.text();
    expect(html).toContain('Demo sign-in');
    expect(html).toContain('value="asked.for@invited.demo"');
    expect((await signInOnForm(url, html, 'asked.for@invited.demo')).href).toBe(
      `${t.publicUrl}/invitation/${invited.invitationId}`,
    );
    expect(await (await browser.request(`${t.publicUrl}/api/user`)).json()).toMatchObject({
      userId: 'asked.for@invited.demo',
    });
    expect(await state('asked.for@invited.demo', invited.invitationId)).toMatchObject({
      members: [{ tenant_id: 'saas-mxa', user_id: 'asked.for@invited.demo' }],
      invitation: { deleted_at: null },
    });
    expect(
      (await state('asked.for@invited.demo', invited.invitationId)).invitation.accepted_at,
    ).not.toBeNull();
    expect(await state('someone.else@invited.demo', invited.invitationId)).toMatchObject({ members: [] });

    // The ticket works once: sent again, it leads back to the invitation's page, which now says accepted.
    const replayed = await fetch(`${page}/sign-in-again`, {
      headers: { cookie: `portal_invitation=${ticket}` },
      redirect: 'manual',
    });
    expect(replayed.headers.get('location')).toBe(`/invitation/${invited.invitationId}`);
  });

  it('sends a sign-in-again without this invitation’s ticket, or for an invitation deleted since, to the page saying what to do', async () => {
    const invited = await invitation('deleted.since@invited.demo');
    const page = `${t.publicUrl}/api/saas/invitations/${invited.invitationId}`;
    expect((await browser.request(`${page}/sign-in-again`)).headers.get('location')).toBe(
      `/invitation/${invited.invitationId}`,
    );
    await follow(invited.link, 'not.them@invited.demo');
    expect(browser.cookie('portal_invitation')).toBeDefined();
    // Another invitation's page does not take this ticket.
    const other = await invitation('other.one@invited.demo');
    const elsewhere = await browser.request(
      `${t.publicUrl}/api/saas/invitations/${other.invitationId}/sign-in-again`,
    );
    expect(elsewhere.headers.get('location')).toBe(`/invitation/${other.invitationId}`);
    expect(browser.cookie('portal_invitation')).toBeDefined();
    await t.database.db
      .updateTable('invitations')
      .set({ deleted_at: new Date() })
      .where('invitation_id', '=', invited.invitationId)
      .execute();
    expect(await (await browser.request(page)).json()).toEqual({
      invitationId: invited.invitationId,
      status: 'deleted',
    });
    expect((await browser.request(`${page}/sign-in-again`)).headers.get('location')).toBe(
      '/invitation?status=deleted',
    );
  });

  it('sends an unknown token to the page saying the link is not valid', async () => {
    expect((await follow(`${t.publicUrl}/api/saas/invitations/accept?token=nope`)).href).toBe(
      `${t.publicUrl}/invitation?status=invalid`,
    );
  });
});

describe('accepting with a configured ThoughtSpot (its stand-in)', () => {
  let ts: Awaited<ReturnType<typeof startThoughtSpotStandIn>>;
  let demo: PortalWithSso;
  beforeAll(async () => {
    ts = await startThoughtSpotStandIn('ts-secret-key');
    demo = t;
    t = await startPortalWithSso({
      THOUGHTSPOT_HOST: ts.url,
      THOUGHTSPOT_SECRET: 'ts-secret-key',
      THOUGHTSPOT_ADMIN_USERNAME: 'tsadmin',
    });
    await seedTenantFixtures(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    t = demo;
    await ts?.close();
  });

  it('creates the consumer in ThoughtSpot with the consumer group, once', async () => {
    const invited = await invitation('ts.consumer@invited.demo', { isThoughtSpotUser: true });
    expect((await follow(invited.link, 'ts.consumer@invited.demo')).pathname).toBe(
      `/invitation/${invited.invitationId}`,
    );
    expect(ts.users.get('ts.consumer@invited.demo')).toMatchObject({ email: 'ts.consumer@invited.demo' });
    expect(ts.groups.get('ts.consumer@invited.demo')).toEqual(['THOUGHTSPOT_CONSUMER']);

    // Removed from the tenant and invited again: the ThoughtSpot user is found, not created twice.
    await t.database.db
      .deleteFrom('tenant_members')
      .where('user_id', '=', 'ts.consumer@invited.demo')
      .execute();
    const again = await invitation('ts.consumer@invited.demo', { isThoughtSpotUser: true });
    browser = new TestBrowser();
    expect((await follow(again.link, 'ts.consumer@invited.demo')).pathname).toBe(
      `/invitation/${again.invitationId}`,
    );
    expect(ts.users.size).toBe(1);
  });

  it('without the consumer role, creates no ThoughtSpot user', async () => {
    const invited = await invitation('plain@invited.demo');
    browser = new TestBrowser();
    expect((await follow(invited.link, 'plain@invited.demo')).pathname).toBe(
      `/invitation/${invited.invitationId}`,
    );
    expect(ts.users.has('plain@invited.demo')).toBe(false);
  });
});
