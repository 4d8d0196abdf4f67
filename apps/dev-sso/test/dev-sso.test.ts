import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, type DevSso, startDevSso } from '../src/index.js';
import { loginPage } from '../src/views.js';

// The demo sign-in server on its own; the whole sign-in with the portal is in apps/api/test.
describe('dev-sso', () => {
  let sso: DevSso;
  const redirectUri = 'http://localhost:9/callback';

  beforeAll(async () => {
    sso = await startDevSso({
      port: 0,
      clients: [
        { clientId: 'portal', clientSecret: 's', redirectUris: [redirectUri], postLogoutRedirectUris: [] },
      ],
    });
  });
  afterAll(async () => sso?.close());

  it('publishes OpenID metadata with an end-session endpoint', async () => {
    const response = await fetch(`${sso.issuer}/.well-known/openid-configuration`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(sso.issuer);
    expect(metadata.end_session_endpoint).toBe(`${sso.issuer}/session/end`);
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(['email', 'given_name', 'family_name', 'name']),
    );
  });

  it('shows a login form marked as demonstration only, and refuses a wrong password', async () => {
    const authorize = new URL(`${sso.issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: 'portal',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'state',
    }).toString();
    const start = await fetch(authorize, { redirect: 'manual' });
    const interaction = new URL(start.headers.get('location')!, sso.issuer);
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await (await fetch(interaction, { headers: { cookie } })).text();
    expect(page).toContain('For demonstration only');
    expect(page).toContain('name="login"');
    expect(page).toContain('name="password"');

    const wrong = await fetch(`${interaction}/login`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: 'E100001', password: 'not-demo' }),
      redirect: 'manual',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong login name or password.');
  });

  it("shows the login typed on the portal's page filled in, and asks for the password first", () => {
    const hinted = loginPage({ uid: 'u', loginHint: 'partner@demo.portal', accounts });
    expect(hinted).toMatch(/<input id="login" name="login" required value="partner@demo.portal">/);
    expect(hinted).toMatch(/<input id="password" [^>]*autofocus>/);
    const plain = loginPage({ uid: 'u', accounts });
    expect(plain).toMatch(/<input id="login" name="login" required autofocus value="">/);
    expect(plain).not.toMatch(/<input id="password" [^>]*autofocus/);
  });

  it('has the demo accounts with their user id as subject', () => {
    expect(accounts.map((a) => a.claims.sub)).toEqual(accounts.map((a) => a.login));
    expect(accounts.every((a) => a.password === 'demo')).toBe(true);
  });
});

describe('invited newcomers', () => {
  it('signs in any @invited.demo address with the demo password, its e-mail verified', async () => {
    const { authenticate, invitedAccount } = await import('../src/accounts.js');
    const account = authenticate(accounts, 'New.Person@Invited.Demo', 'demo');
    expect(account?.claims).toMatchObject({
      sub: 'new.person@invited.demo',
      email: 'new.person@invited.demo',
      email_verified: true,
      given_name: 'New',
    });
    expect(authenticate(accounts, 'new.person@invited.demo', 'wrong')).toBeUndefined();
    expect(invitedAccount('someone@elsewhere.demo')).toBeUndefined();
    expect(invitedAccount('bad name@invited.demo')).toBeUndefined();
  });
});

describe('the memory store', () => {
  it('ends a grant’s tokens and codes only, not the interaction in progress that carries the same grant', async () => {
    const { createMemoryAdapter } = await import('../src/memory-adapter.js');
    const Adapter = createMemoryAdapter();
    const codes = new Adapter('AuthorizationCode');
    const interactions = new Adapter('Interaction');
    await codes.upsert('code-1', { grantId: 'grant-1' } as never, 60);
    await interactions.upsert('uid-1', { grantId: 'grant-1' } as never, 60);
    // Signing in as another account mid-interaction ends the remembered session's grant.
    await codes.revokeByGrantId('grant-1');
    expect(await codes.find('code-1')).toBeUndefined();
    expect(await interactions.find('uid-1')).toMatchObject({ grantId: 'grant-1' });
  });
});
