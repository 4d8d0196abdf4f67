import { GenerateEmbedUrlForRegisteredUserCommand, QuickSightClient } from '@aws-sdk/client-quicksight';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPositConnectStandIn } from '../stand-ins/posit-connect.js';
import { startQuickSightStandIn } from '../stand-ins/quicksight.js';
import { checkConnectedAppJwt, startTableauStandIn } from '../stand-ins/tableau.js';
import { startThoughtSpotStandIn } from '../stand-ins/thoughtspot.js';
import { type DashboardIds, seedDashboards } from './fixtures.js';

// The four vendors configured, each against its local stand-in (test/stand-ins, each naming the
// vendor document it follows). partner@demo.portal may open EXT/BJS's dashboards.
const TABLEAU = {
  clientId: 'client-1',
  secretId: 'secret-id-1',
  secretValue: 'tableau-secret-value-0123456789',
};
const EMAIL = 'partner@demo.portal';

let t: TestApp;
let personas: SeededPersonas;
let ids: DashboardIds;
let headers: Record<string, string>;
let ts: Awaited<ReturnType<typeof startThoughtSpotStandIn>>;
let qs: Awaited<ReturnType<typeof startQuickSightStandIn>>;
let tableau: Awaited<ReturnType<typeof startTableauStandIn>>;
let connect: Awaited<ReturnType<typeof startPositConnectStandIn>>;

beforeAll(async () => {
  ts = await startThoughtSpotStandIn('ts-secret-key');
  qs = await startQuickSightStandIn('us-east-1');
  tableau = await startTableauStandIn(TABLEAU, [EMAIL]);
  connect = await startPositConnectStandIn({ statusOf: (path) => (path.includes('operations') ? 503 : 200) });
  t = await createTestApp({
    PUBLIC_URL: 'https://portal.example.com',
    THOUGHTSPOT_HOST: ts.url,
    THOUGHTSPOT_SECRET: 'ts-secret-key',
    THOUGHTSPOT_ADMIN_USERNAME: 'tsadmin',
    QUICKSIGHT_ACCOUNT_ID: '123456789012',
    QUICKSIGHT_REGION: 'us-east-1',
    QUICKSIGHT_ENDPOINT: qs.url,
    QUICKSIGHT_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    QUICKSIGHT_SECRET_ACCESS_KEY: 'secret',
    TABLEAU_HOST: tableau.url,
    TABLEAU_CLIENT_ID: TABLEAU.clientId,
    TABLEAU_SECRET_ID: TABLEAU.secretId,
    TABLEAU_SECRET_VALUE: TABLEAU.secretValue,
    POSIT_CONNECT_HOST: connect.url,
  });
  personas = await seedPersonas(t.database.db);
  ids = await seedDashboards(t.database.db);
  headers = await personas.headers('externalReports');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ts?.close(), qs?.close(), tableau?.close(), connect?.close()]);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

describe('ThoughtSpot trusted authentication', () => {
  it('mints a new token on every call with the configured secret, valid for the user', async () => {
    const first = (await get('/api/ThoughtSpotEmbed/pinboard-bjs-1')).json();
    const second = (await get('/api/ThoughtSpotEmbed/pinboard-bjs-1')).json();
    expect(first.token).not.toBe(second.token);
    expect(first).toMatchObject({ valid_for_username: EMAIL, thoughtSpotHost: ts.url });
    expect(ts.tokenRequests.at(-1)).toEqual({
      username: EMAIL,
      secret_key: 'ts-secret-key',
      validity_time_in_sec: 300,
    });
    const active = await fetch(`${ts.url}/callosum/v1/session/isactive`, {
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(active.status).toBe(200);
    expect(JSON.stringify(first)).not.toContain('ts-secret-key');
  });

  it('finds the signed-in user, or creates it', async () => {
    const url = `/api/thoughtspot/user?name=${encodeURIComponent(EMAIL)}`;
    expect((await get(url)).statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/thoughtspot/user',
      headers,
      payload: { name: EMAIL },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: EMAIL, display_name: 'Pat Partner', email: EMAIL });
    expect((await get(url)).json()).toMatchObject({ id: created.json().id, name: EMAIL });
    // Asked again, POST finds the same user (the viewer's one call): 200, nothing created twice.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/thoughtspot/user',
      headers,
      payload: { name: EMAIL },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.json().id, name: EMAIL });
  });
});

describe('QuickSight registered-user embedding', () => {
  it('returns a fresh embed URL generated for the user and dashboard', async () => {
    const reply = await get(`/api/quicksight/${ids.bjsQuickSightReal}`);
    expect(reply.statusCode).toBe(200);
    const { dashboardUrl, dashboardName } = reply.json();
    expect(dashboardName).toBe('Chargebacks');
    expect(dashboardUrl).toMatch(/^https:\/\/[^/]+\/embed\/[^/]+\/dashboards\/([\w-]+)(\?|$)/);
    expect(dashboardUrl).toContain('/dashboards/qs-dash-7?');
    const request = qs.requests.at(-1);
    expect(request?.accountId).toBe('123456789012');
    expect(request?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    expect(request?.body).toEqual({
      UserArn: `arn:aws:quicksight:us-east-1:123456789012:user/default/${EMAIL}`,
      SessionLifetimeInMinutes: 60,
      AllowedDomains: ['https://portal.example.com'],
      ExperienceConfiguration: { Dashboard: { InitialDashboardId: 'qs-dash-7' } },
    });
    const again = (await get(`/api/quicksight/${ids.bjsQuickSightReal}`)).json();
    expect(again.dashboardUrl).not.toBe(dashboardUrl);
  });

  it('the stand-in refuses a session lifetime outside 15–600 minutes, as QuickSight does', async () => {
    const client = new QuickSightClient({
      region: 'us-east-1',
      endpoint: qs.url,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const command = new GenerateEmbedUrlForRegisteredUserCommand({
      AwsAccountId: '123456789012',
      UserArn: 'arn:aws:quicksight:us-east-1:123456789012:user/default/x',
      SessionLifetimeInMinutes: 601,
      ExperienceConfiguration: { Dashboard: { InitialDashboardId: 'd' } },
    });
    await expect(client.send(command)).rejects.toMatchObject({
      name: 'SessionLifetimeInMinutesInvalidException',
    });
  });
});

describe('Tableau connected app', () => {
  it('signs a JWT whose header and claims are what Tableau requires, accepted by the stand-in through the proxy', async () => {
    const reply = await get(`/api/tableau/${ids.bjsTableau}`);
    const { token, dashboardUrl } = reply.json();
    expect(dashboardUrl).toBe('/t/demo/views/PartnerSales/Overview');
    expect(decodeProtectedHeader(token)).toEqual({
      alg: 'HS256',
      typ: 'JWT',
      kid: TABLEAU.secretId,
      iss: TABLEAU.clientId,
    });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: TABLEAU.clientId,
      sub: EMAIL,
      aud: 'tableau',
      scp: ['tableau:views:embed'],
    });
    expect(Array.isArray(claims.scp)).toBe(true);
    expect(claims.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((claims.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
    expect(JSON.stringify(reply.json())).not.toContain(TABLEAU.secretValue);

    const cookie = await personas.sessionCookie('externalReports');
    const signin = await t.app.inject({
      method: 'POST',
      url: '/vizportal/api/web/v1/auth/embed/signin',
      headers: { cookie: cookie ?? '', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: { siteName: 'demo', jwt: token },
    });
    expect(signin.statusCode).toBe(200);
    expect(tableau.checks.at(-1)).toMatchObject({ ok: true, sub: EMAIL, scp: ['tableau:views:embed'] });
    const view = await t.app.inject({
      method: 'GET',
      url: dashboardUrl,
      headers: { cookie: `${cookie}; workgroup_session_id=${EMAIL}` },
    });
    expect(view.statusCode).toBe(200);
    expect(tableau.viewRequests.at(-1)?.cookie).toBe(`workgroup_session_id=${EMAIL}`);
  });

  it('the stand-in refuses what Tableau refuses: a string scp, a far exp, another kid, a bad signature', async () => {
    const key = new TextEncoder().encode(TABLEAU.secretValue);
    const make = (claims: Record<string, unknown>, header: Record<string, unknown> = {}, exp = '5m') =>
      new SignJWT({ scp: ['tableau:views:embed'], ...claims })
        .setProtectedHeader({ alg: 'HS256', kid: TABLEAU.secretId, iss: TABLEAU.clientId, ...header })
        .setIssuer(TABLEAU.clientId)
        .setSubject(EMAIL)
        .setAudience('tableau')
        .setJti(crypto.randomUUID())
        .setExpirationTime(exp)
        .sign(key);
    const check = (token: string) => checkConnectedAppJwt(token, TABLEAU, [EMAIL]);
    expect(await check(await make({}))).toMatchObject({ ok: true });
    expect(await check(await make({ scp: 'tableau:views:embed' }))).toMatchObject({ ok: false, code: 10084 });
    expect(await check(await make({}, {}, '11m'))).toMatchObject({ ok: false, code: 16 });
    expect(await check(await make({}, { kid: 'other' }))).toMatchObject({ ok: false });
    expect(await check(`${await make({})}x`)).toMatchObject({ ok: false });
  });
});

describe('Posit Connect through the proxy', () => {
  it('names the user in X-Auth-Username, never forwards the portal session or a spoofed identity', async () => {
    const cookie = await personas.sessionCookie('externalReports');
    const reply = await t.app.inject({
      method: 'GET',
      url: '/content/demo-sales-overview/',
      headers: { cookie: `${cookie}; other=1`, 'x-auth-username': 'admin', authorization: 'Key stolen' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain(`for ${EMAIL}`);
    const seen = connect.requests.at(-1);
    expect(seen?.username).toBe(EMAIL);
    expect(seen?.headers.cookie).toBe('other=1');
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it('passes a 503 of the content through, and refuses a path of a dashboard the user may not see', async () => {
    const cookie = (await personas.sessionCookie('externalReports')) ?? '';
    expect(
      (await t.app.inject({ method: 'GET', url: '/content/demo-operations-health/', headers: { cookie } }))
        .statusCode,
    ).toBe(503);
    const before = connect.requests.length;
    expect(
      (await t.app.inject({ method: 'GET', url: '/content/demo-portal-usage/', headers: { cookie } }))
        .statusCode,
    ).toBe(403);
    expect(connect.requests.length).toBe(before);
  });
});

describe('Content-Security-Policy', () => {
  it('frames exactly the configured vendor hosts', async () => {
    // The pages' policy: a JSON reply has its own, which frames nothing.
    const reply = await t.app.inject({ url: '/api/docs', headers: await personas.headers('internalAdmin') });
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    const frameSrc = /frame-src ([^;]+)/.exec(reply.headers['content-security-policy'] as string)?.[1];
    expect(frameSrc?.split(' ')).toEqual(["'self'", ts.url, 'https://us-east-1.quicksight.aws.amazon.com']);
  });
});
