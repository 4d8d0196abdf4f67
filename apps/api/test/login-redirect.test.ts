import { createTestApp, type TestApp } from '@portal/testing/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInUriFor } from '../src/authentication/home-realm.js';
import { safeReturnTo } from '../src/authentication/sign-in.js';
import { ConfigError, loadConfig } from '../src/config.js';

const corp = {
  name: 'corp',
  issuer: 'https://login.corp.example',
  clientId: 'portal',
  clientSecret: 'secret',
  emailDomains: ['corp.example', 'Corp-Subsidiary.example'],
  eidPattern: 'E\\d{6}',
};
const sso = { name: 'sso', issuer: 'https://sso.example', clientId: 'portal', clientSecret: 'secret' };

describe('home-realm discovery (GET /api/login/redirect)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OIDC_PROVIDERS: JSON.stringify([corp, sso]), LOGIN_RATE_LIMIT: '5' });
  });
  afterAll(async () => t?.close());

  const redirect = (username: string, ip = '10.0.0.1') =>
    t.app.inject({ url: '/api/login/redirect', query: { username }, remoteAddress: ip });

  it('sends an email of a provider domain, or an EID of its pattern, to that provider', async () => {
    expect((await redirect('jo@corp.example')).json()).toEqual({ uri: '/api/oauth2/authorization/corp' });
    expect((await redirect(' Jo@CORP-subsidiary.example ')).json()).toEqual({
      uri: '/api/oauth2/authorization/corp',
    });
    expect((await redirect('e123456')).json()).toEqual({ uri: '/api/oauth2/authorization/corp' });
  });

  it("answers 'sso' for everything else", async () => {
    expect((await redirect('someone@elsewhere.example', '10.0.0.2')).json()).toEqual({ uri: 'sso' });
    expect((await redirect('E1234567', '10.0.0.2')).json()).toEqual({ uri: 'sso' });
    expect((await redirect('', '10.0.0.2')).json()).toEqual({ uri: 'sso' });
  });

  it('answers 429 past LOGIN_RATE_LIMIT calls a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await redirect('a@b.example', '10.0.0.3')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await redirect('a@b.example', '10.0.0.3');
    expect(limited.json().message).toMatch(/^Too many attempts/);
    // Another address still gets through.
    expect((await redirect('a@b.example', '10.0.0.4')).statusCode).toBe(200);
  });

  it('rate-limits the sign-in start too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await t.app.inject({ url: '/api/oauth2/authorization/nope', remoteAddress: '10.0.0.5' });
      statuses.push(reply.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });
});

describe('home-realm rules', () => {
  const providers = loadConfig({ OIDC_PROVIDERS: JSON.stringify([corp]) }).oidcProviders;

  it('falls back to the first provider when none is called sso', () => {
    expect(signInUriFor('x@y.example', providers)).toBe('/api/oauth2/authorization/corp');
  });

  it("uses the demo sign-in as 'sso' without OIDC_PROVIDERS", () => {
    const config = loadConfig({});
    expect(config.oidcProviders).toMatchObject([
      { name: 'sso', issuer: 'http://localhost:8010', clientId: 'portal', identityProvider: 'dev-sso' },
    ]);
    expect(signInUriFor('partner@demo.portal', config.oidcProviders)).toBe('sso');
  });
});

describe('OIDC_PROVIDERS validation', () => {
  const load = (env: Record<string, string>) => () => loadConfig(env);

  it('stops with a message naming the variable', () => {
    expect(load({ OIDC_PROVIDERS: 'not json' })).toThrow(/OIDC_PROVIDERS must be a JSON array/);
    expect(load({ OIDC_PROVIDERS: JSON.stringify([{ ...corp, clientId: undefined }]) })).toThrow(
      /OIDC_PROVIDERS\.0\.clientId/,
    );
    expect(load({ OIDC_PROVIDERS: JSON.stringify([corp, corp]) })).toThrow(/"corp" is used twice/);
    expect(load({ OIDC_PROVIDERS: JSON.stringify([{ ...corp, eidPattern: '(' }]) })).toThrow(
      /OIDC_PROVIDERS\.0\.eidPattern/,
    );
    expect(load({ OIDC_PROVIDERS: '[]' })).toThrow(ConfigError);
  });

  it('requires providers, on https, in production', () => {
    // The other settings production requires, so only OIDC_PROVIDERS is at fault.
    const production = {
      NODE_ENV: 'production',
      ALTCHA_HMAC_KEY: 'k'.repeat(32),
      WEBHOOK_SECRET_KEY: 'a'.repeat(64),
    };
    expect(load(production)).toThrow(/OIDC_PROVIDERS is required/);
    const httpIssuer = JSON.stringify([{ ...corp, issuer: 'http://corp.example' }]);
    expect(load({ ...production, OIDC_PROVIDERS: httpIssuer })).toThrow(/must be https in production/);
    expect(load({ ...production, OIDC_PROVIDERS: JSON.stringify([corp]) })().oidcProviders).toHaveLength(1);
  });
});

describe('sign-in start when the provider is down', () => {
  it('goes back to the login page with an error instead of failing', async () => {
    const t = await createTestApp({ DEV_SSO_ISSUER: 'http://127.0.0.1:1' });
    try {
      const reply = await t.app.inject('/api/oauth2/authorization/sso');
      expect(reply.statusCode).toBe(302);
      expect(reply.headers.location).toBe(
        '/login?error=Sign%20in%20is%20unavailable%20Please%20try%20again%20later',
      );
      expect(reply.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('the return path after sign-in', () => {
  it('keeps pages of the route table only', () => {
    const reports = '/partners/EXT/BJS/report-categories/SETTLEMENT/reports?date=2026-11-16';
    expect(safeReturnTo(reports)).toBe(reports);
    expect(safeReturnTo('/')).toBe('/');
    for (const unsafe of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/%2F%2Fevil.example',
      'https://evil.example',
      '/reports',
      '/logout',
      'x',
      '',
      undefined,
    ]) {
      expect(safeReturnTo(unsafe), unsafe).toBeNull();
    }
  });
});
