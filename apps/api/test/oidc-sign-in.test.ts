import { createUser, personaSpecs, seedPartners } from '@portal/testing/personas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { type PortalWithSso, startPortalWithSso } from './support/portal-with-sso.js';

// The OpenID Connect sign-in end to end: a real dev-sso, a real API on a port, and a fetch-based
// browser that follows every redirect and posts the sign-in form.
describe('sign-in through OpenID Connect', () => {
  let t: PortalWithSso;
  let browser: TestBrowser;
  const credentials = (login: string) => ({ login, password: 'demo' });
  const atCallback = (url: URL) => url.pathname.startsWith('/api/login/oauth2/code/');
  const refusedPage = '/login?error=Sign%20in%20failed%20Please%20try%20again';
  // A reports page with its date chosen, as a subscription mail links to it.
  const REPORTS_PAGE = '/partners/EXT/BJS/report-categories/SETTLEMENT/reports?date=2026-11-16';

  beforeAll(async () => {
    t = await startPortalWithSso();
    await seedPartners(t.database.db);
    await createUser(t.database.db, personaSpecs.externalReports);
    // E100002 has no user of that id here: the portal user is found by the email dev-sso sends.
    await createUser(t.database.db, {
      ...personaSpecs.internalOperations,
      userId: 'olivia.ops',
      email: 'ops@demo.portal',
    });
    await createUser(t.database.db, { ...personaSpecs.internalAdmin, disabled: true });
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    browser = new TestBrowser();
  });

  /** From the portal's sign-in start to the dev-sso form. */
  async function openSignInForm(query = '', using = browser) {
    const { response, url } = await using.follow(`${t.publicUrl}/api/oauth2/authorization/sso${query}`);
    expect(url.origin).toBe(t.sso.issuer);
    return { html: await response.text(), url };
  }

  /** Signs in and returns the callback's answer (the last hop on the portal's callback path). */
  async function signIn(login: string, query = '') {
    const form = await openSignInForm(query);
    await browser.submitForm(form.url, form.html, credentials(login));
    return browser.hops.findLast((hop) => atCallback(new URL(hop.url)))!;
  }

  async function sessionsOf(userId: string) {
    return t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
  }

  it('signs a known user in and lands on the return path with a session cookie', async () => {
    const form = await openSignInForm(
      `?returnTo=${encodeURIComponent(REPORTS_PAGE)}&loginHint=partner@demo.portal`,
    );
    expect(form.html).toContain('For demonstration only');
    expect(form.html).toContain('value="partner@demo.portal"');
    expect(browser.cookie('portal_login')).toBeDefined();

    await browser.submitForm(form.url, form.html, credentials('partner@demo.portal'));
    const callback = browser.hops.findLast((hop) => atCallback(new URL(hop.url)))!;
    expect(callback.status).toBe(302);
    expect(callback.location).toBe(REPORTS_PAGE);
    const cookie = callback.setCookies.find((c) => c.startsWith('portal_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    expect(browser.cookie('portal_login')).toBeUndefined();

    const me = await browser.request(`${t.publicUrl}/api/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ userId: 'partner@demo.portal', isExternalUser: true });
    const identity = await t.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', 'partner@demo.portal')
      .executeTakeFirst();
    expect(identity).toMatchObject({ provider: 'dev-sso', subject: 'partner@demo.portal' });
    // Only the hash of the cookie's session id is stored.
    const [session] = await sessionsOf('partner@demo.portal');
    expect(session?.session_hash).not.toBe(browser.cookie('portal_session'));
    expect(session?.session_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['another site', 'https://evil.example/partners'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash address', '/\\evil.example'],
    ['an encoded one', '/%2F%2Fevil.example'],
    ['a path that is no page', '/api/user'],
    ['the logout page', '/logout'],
  ])('lands on / when the return path is %s', async (_, returnTo) => {
    const callback = await signIn('partner@demo.portal', `?returnTo=${encodeURIComponent(returnTo)}`);
    expect(callback.status).toBe(302);
    expect(callback.location).toBe('/');
  });

  it('keeps the return path with the pending sign-in, not in anything the browser holds', async () => {
    await openSignInForm(`?returnTo=${encodeURIComponent(REPORTS_PAGE)}`);
    // The browser holds the OpenID state only (its cookie, and the provider's redirect back).
    const state = browser.cookie('portal_login') ?? '';
    expect(state).toMatch(/^[\w-]{20,}$/);
    const pending = await t.database.db
      .selectFrom('pending_logins')
      .select('return_to')
      .where('state', '=', state)
      .executeTakeFirstOrThrow();
    expect(pending.return_to).toBe(REPORTS_PAGE);
  });

  it('finds a user by email when no user has the subject as id, and records the identity', async () => {
    const callback = await signIn('E100002');
    expect(callback.location).toBe('/');
    const identity = await t.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('subject', '=', 'E100002')
      .executeTakeFirst();
    expect(identity?.user_id).toBe('olivia.ops');
    const me = await browser.request(`${t.publicUrl}/api/user`);
    expect(((await me.json()) as { userId: string }).userId).toBe('olivia.ops');
  });

  it('sends an unknown user to /user-not-found, with no session', async () => {
    const callback = await signIn('E100003');
    expect(callback.location).toBe('/user-not-found');
    expect(browser.cookie('portal_session')).toBeUndefined();
    expect(await sessionsOf('E100003')).toHaveLength(0);
  });

  it('sends a disabled user to /user-not-found, with no session', async () => {
    const callback = await signIn('E100001');
    expect(callback.location).toBe('/user-not-found');
    expect(browser.cookie('portal_session')).toBeUndefined();
    expect(await sessionsOf('E100001')).toHaveLength(0);
  });

  it('refuses a callback with another state, or from another browser', async () => {
    const form = await openSignInForm();
    const { url: callbackUrl } = await browser.submitForm(
      form.url,
      form.html,
      credentials('partner@demo.portal'),
      atCallback,
    );
    const before = (await sessionsOf('partner@demo.portal')).length;

    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', 'not-the-state');
    const wrongState = await browser.request(tampered.href);
    expect(wrongState.status).toBe(302);
    expect(wrongState.headers.get('location')).toBe(refusedPage);

    const otherBrowser = new TestBrowser();
    const elsewhere = await otherBrowser.request(callbackUrl.href);
    expect(elsewhere.headers.get('location')).toBe(refusedPage);
    expect(otherBrowser.cookie('portal_session')).toBeUndefined();
    expect(await sessionsOf('partner@demo.portal')).toHaveLength(before);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const form = await openSignInForm();
    await t.database.db
      .updateTable('pending_logins')
      .set({ nonce: 'another-nonce' })
      .where('state', '=', browser.cookie('portal_login')!)
      .execute();
    const before = (await sessionsOf('partner@demo.portal')).length;
    await browser.submitForm(form.url, form.html, credentials('partner@demo.portal'));
    const callback = browser.hops.findLast((hop) => atCallback(new URL(hop.url)))!;
    expect(callback.location).toBe(refusedPage);
    expect(browser.cookie('portal_session')).toBeUndefined();
    expect(await sessionsOf('partner@demo.portal')).toHaveLength(before);
  });

  it('refuses a replayed callback', async () => {
    const form = await openSignInForm();
    const { url } = await browser.submitForm(
      form.url,
      form.html,
      credentials('partner@demo.portal'),
      atCallback,
    );
    expect((await browser.request(url.href)).headers.get('location')).toBe('/');
    expect((await browser.request(url.href)).headers.get('location')).toBe(refusedPage);
  });

  it('signs out at the portal and at the provider, back to the portal /logout page', async () => {
    await signIn('partner@demo.portal');
    const logout = await browser.request(`${t.publicUrl}/api/logout`);
    const { uri } = (await logout.json()) as { uri: string };
    const endSession = new URL(uri);
    expect(endSession.origin).toBe(t.sso.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${t.publicUrl}/logout`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect(browser.cookie('portal_session')).toBeUndefined();
    expect((await browser.request(`${t.publicUrl}/api/user`)).status).toBe(401);

    // dev-sso's sign-out page submits itself in a browser; here the test presses its button.
    const page = await browser.follow(uri);
    const done = await browser.submitForm(page.url, await page.response.text(), { logout: 'yes' }, (url) =>
      url.href.startsWith(`${t.publicUrl}/logout`),
    );
    expect(done.url.href).toBe(`${t.publicUrl}/logout`);
  });
});
