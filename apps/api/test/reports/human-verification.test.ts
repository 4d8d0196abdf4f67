import { solveChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { type Persona, type SeededPersonas, seedPersonas } from '../support/personas.js';
import { addReport, seedReportCatalog } from './fixtures.js';
import {
  type RecaptchaStandIn,
  STAND_IN_SECRET,
  startRecaptchaStandIn,
  TOKENS,
} from './recaptcha-stand-in.js';

// SPEC.md §5: external users pass human verification before a download, enforced by the server.

async function signedIn(personas: SeededPersonas, persona: Persona) {
  const cookie = (await personas.sessionCookie(persona)) as string;
  return { cookie, 'x-requested-with': 'portal' };
}

describe('human verification with ALTCHA (the default)', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let reportId: number;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    reportId = await addReport(t.database.db, t.app.blobStore, {
      reportDate: '2026-11-19',
      fileName: 'a.csv',
      body: Buffer.from('a\n'),
    });
  });
  afterAll(async () => t?.close());

  const solve = async (headers: Record<string, string>) => {
    const challenge = (await t.app.inject({ method: 'GET', url: '/api/altcha/challenge', headers })).json();
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    const payload = { ...challenge, number: solution?.number };
    delete payload.maxnumber;
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  };
  const validate = (headers: Record<string, string>, response: string) =>
    t.app.inject({ method: 'POST', url: '/api/validate-recaptcha', headers, payload: { response } });
  const download = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/reports/download?reportId=${reportId}`, headers });

  it('tells the SPA to use ALTCHA and where its challenges are', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/environment-context' });
    expect(String(reply.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(reply.json()).toEqual({
      googleRecaptchaPublicKey: null,
      humanVerification: 'altcha',
      altchaChallengeUrl: '/api/altcha/challenge',
    });
  });

  it('opens the download after a solved challenge, once per solution', async () => {
    const headers = await signedIn(personas, 'externalReports');
    expect((await download(headers)).statusCode).toBe(403);
    const payload = await solve(headers);
    expect((await validate(headers, payload)).json()).toEqual({ success: true });
    expect((await download(headers)).statusCode).toBe(200);
    // The same solution again, even from another session, is a replay.
    const other = await signedIn(personas, 'externalReports');
    expect((await validate(other, payload)).json()).toEqual({ success: false });
    expect((await download(other)).statusCode).toBe(403);
  });

  it('refuses a wrong number, a forged signature and garbage', async () => {
    const headers = await signedIn(personas, 'externalReports');
    const payload = JSON.parse(Buffer.from(await solve(headers), 'base64').toString());
    const wrongNumber = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString(
      'base64',
    );
    const forged = Buffer.from(JSON.stringify({ ...payload, signature: 'f'.repeat(64) })).toString('base64');
    for (const response of [wrongNumber, forged, 'not base64 json', '']) {
      expect((await validate(headers, response)).json(), response).toEqual({ success: false });
    }
    expect((await download(headers)).statusCode).toBe(403);
  });

  it('needs a signed-in user for challenges and validation', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/altcha/challenge' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/validate-recaptcha', payload: { response: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('human verification with reCAPTCHA (site key and secret configured)', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let standIn: RecaptchaStandIn;

  beforeAll(async () => {
    standIn = await startRecaptchaStandIn();
    t = await createTestApp({
      RECAPTCHA_SITE_KEY: 'site-key-1',
      RECAPTCHA_SECRET: STAND_IN_SECRET,
      RECAPTCHA_VERIFY_URL: standIn.url,
    });
    personas = await seedPersonas(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const validate = async (response: string) => {
    const headers = await signedIn(personas, 'externalReports');
    return (
      await t.app.inject({ method: 'POST', url: '/api/validate-recaptcha', headers, payload: { response } })
    ).json();
  };

  it('gives the site key in the environment context', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/environment-context' });
    expect(reply.json()).toEqual({
      googleRecaptchaPublicKey: 'site-key-1',
      humanVerification: 'recaptcha',
      altchaChallengeUrl: null,
    });
  });

  it('lets the page load the Google widget (Content-Security-Policy)', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/environment-context' });
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).toMatch(
      /script-src 'self' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
    );
    expect(policy).toContain('https://recaptcha.google.com/recaptcha/');
  });

  it('asks siteverify with a form-encoded body and accepts a pass once', async () => {
    expect(await validate(TOKENS.pass)).toEqual({ success: true });
    const last = standIn.requests.at(-1);
    expect(last?.contentType).toContain('application/x-www-form-urlencoded');
    expect(last?.form).toMatchObject({ secret: STAND_IN_SECRET, response: TOKENS.pass });
    expect(await validate(TOKENS.pass)).toEqual({ success: false });
  });

  it('checks the v3 score and action', async () => {
    expect(await validate(TOKENS.v3Pass)).toEqual({ success: true });
    expect(await validate(TOKENS.lowScore)).toEqual({ success: false });
    expect(await validate(TOKENS.wrongAction)).toEqual({ success: false });
    expect(await validate('unknown-token')).toEqual({ success: false });
  });
});
