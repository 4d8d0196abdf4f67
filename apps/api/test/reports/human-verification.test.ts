import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const solution = await solveChallenge({ challenge, deriveKey });
    // What the ALTCHA 3 widget submits: base64 JSON of the challenge as served and its solution.
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
  const validate = (headers: Record<string, string>, response: string) =>
    t.app.inject({ method: 'POST', url: '/api/validate-recaptcha', headers, payload: { response } });
  const download = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/reports/download?reportId=${reportId}`, headers });

  it('tells the SPA to use ALTCHA and where its challenges are', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/environment-context' });
    // The pages' policy (a JSON reply has its own short one): scripts from the portal only.
    const page = await t.app.inject({ url: '/api/docs', headers: await personas.headers('internalAdmin') });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(reply.json()).toEqual({
      googleRecaptchaPublicKey: null,
      humanVerification: 'altcha',
      altchaChallengeUrl: '/api/altcha/challenge',
    });
  });

  it('serves signed challenges in the ALTCHA 3 format, each one new', async () => {
    const headers = await signedIn(personas, 'externalReports');
    const before = Math.floor(Date.now() / 1000);
    const reply = await t.app.inject({ method: 'GET', url: '/api/altcha/challenge', headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const challenge = reply.json();
    expect(Object.keys(challenge).sort()).toEqual(['parameters', 'signature']);
    expect(Object.keys(challenge.parameters).sort()).toEqual(
      ['algorithm', 'cost', 'expiresAt', 'keyLength', 'keyPrefix', 'nonce', 'salt'].sort(),
    );
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(challenge.parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.parameters.salt).toMatch(/^[0-9a-f]{32}$/);
    // Deterministic mode: the prefix is half of the key that the drawn counter derives.
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(before + 300);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 300);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution?.counter).toBeGreaterThanOrEqual(5_000);
    expect(solution?.counter).toBeLessThanOrEqual(50_000);
    expect(solution?.derivedKey.startsWith(challenge.parameters.keyPrefix)).toBe(true);
    const next = (await t.app.inject({ method: 'GET', url: '/api/altcha/challenge', headers })).json();
    expect(next.parameters.nonce).not.toBe(challenge.parameters.nonce);
    expect(next.signature).not.toBe(challenge.signature);
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

  it('refuses a wrong counter or key, a forged signature, changed parameters, the old format and garbage', async () => {
    const headers = await signedIn(personas, 'externalReports');
    const { challenge, solution } = JSON.parse(Buffer.from(await solve(headers), 'base64').toString());
    const wrongCounter = encode({ challenge, solution: { ...solution, counter: solution.counter + 1 } });
    const wrongKey = encode({
      challenge,
      solution: {
        ...solution,
        derivedKey: `${solution.derivedKey.slice(0, -1)}${solution.derivedKey.endsWith('0') ? '1' : '0'}`,
      },
    });
    const forged = encode({ challenge: { ...challenge, signature: 'f'.repeat(64) }, solution });
    const unsigned = encode({ challenge: { parameters: challenge.parameters }, solution });
    // An easier challenge than the one signed: any key starting with 00 would do.
    const easier = encode({
      challenge: { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } },
      solution,
    });
    const noExpiry = encode({
      challenge: { ...challenge, parameters: { ...challenge.parameters, expiresAt: undefined } },
      solution,
    });
    // What the ALTCHA 2 widget submitted (altcha-lib 1): refused, also with real values in it.
    const oldFormat = encode({
      algorithm: 'SHA-256',
      challenge: solution.derivedKey,
      number: solution.counter,
      salt: challenge.parameters.salt,
      signature: challenge.signature,
    });
    for (const response of [
      wrongCounter,
      wrongKey,
      forged,
      unsigned,
      easier,
      noExpiry,
      oldFormat,
      encode({ challenge, solution: null }),
      'not base64 json',
      '',
    ]) {
      expect((await validate(headers, response)).json(), response).toEqual({ success: false });
    }
    expect((await download(headers)).statusCode).toBe(403);
    // The untouched solution still passes: the refusals above did not use it up.
    expect((await validate(headers, encode({ challenge, solution }))).json()).toEqual({ success: true });
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
    const reply = await t.app.inject({ url: '/api/docs', headers: await personas.headers('internalAdmin') });
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
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
