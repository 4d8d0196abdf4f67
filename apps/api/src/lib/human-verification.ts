import { randomBytes } from 'node:crypto';
import { claimVerificationToken, type Database } from '@portal/db';
import { needsHumanVerification } from '@portal/domain';
// altcha-lib 1.4.x exports the v1 API (hmacKey, expires, maxNumber) at its root; 2.x moved the
// same API to 'altcha-lib/v1'. 1.4.1 carries the fix for CVE-2025-68113 (VENDORS.md §6).
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Challenge, Payload } from 'altcha-lib/types';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { AuthenticatedUser } from './principal.js';

// Human verification before an external user's download (SPEC.md §5, §6). ALTCHA is the embedded
// default: the server signs a proof-of-work challenge, the browser solves it, and a solution is
// accepted once. With a reCAPTCHA site key and secret, Google's siteverify decides instead.

export type HumanVerificationMode = 'altcha' | 'recaptcha';

export type HumanVerification = {
  mode: HumanVerificationMode;
  /** The reCAPTCHA site key, or null with ALTCHA. */
  siteKey: string | null;
  /** A fresh ALTCHA challenge (ALTCHA mode only). */
  challenge(): Promise<Challenge>;
  /** True when `response` proves a human, and has not been used before. */
  verify(response: string, remoteIp: string): Promise<boolean>;
};

/** An ALTCHA challenge must be solved and used within this time. */
const CHALLENGE_SECONDS = 300;
/** At most this many hashes: well under a second of work in a browser (web workers). */
const ALTCHA_MAX_NUMBER = 50_000;
const SITEVERIFY_TIMEOUT_MS = 5_000;

export function createHumanVerification(config: Config, db: Kysely<Database>): HumanVerification {
  if (config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET) {
    return recaptcha(config, config.RECAPTCHA_SITE_KEY, config.RECAPTCHA_SECRET);
  }
  return altcha(config.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'), db);
}

function altcha(hmacKey: string, db: Kysely<Database>): HumanVerification {
  return {
    mode: 'altcha',
    siteKey: null,
    challenge: () =>
      createChallenge({
        hmacKey,
        maxNumber: ALTCHA_MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
      }),
    async verify(response) {
      const payload = decodeAltchaPayload(response);
      if (!payload || !(await verifySolution(payload, hmacKey, true))) return false;
      const expires = Number(extractParams(payload).expires);
      // Challenges of this server always carry an expiry; one without it is not ours.
      if (!Number.isFinite(expires)) return false;
      return claimVerificationToken(db, payload.signature, new Date(expires * 1000));
    },
  };
}

function decodeAltchaPayload(response: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(response, 'base64').toString('utf8')) as Partial<Payload>;
    const valid =
      typeof payload.algorithm === 'string' &&
      typeof payload.challenge === 'string' &&
      typeof payload.number === 'number' &&
      typeof payload.salt === 'string' &&
      typeof payload.signature === 'string';
    return valid ? (payload as Payload) : null;
  } catch {
    return null;
  }
}

type SiteverifyReply = { success?: boolean; score?: number; action?: string; 'error-codes'?: string[] };

function recaptcha(config: Config, siteKey: string, secret: string): HumanVerification {
  return {
    mode: 'recaptcha',
    siteKey,
    challenge: () => Promise.reject(new Error('ALTCHA challenges are not used with reCAPTCHA')),
    async verify(response, remoteIp) {
      // Google's siteverify takes a form-encoded body; JSON yields missing-input errors.
      const reply = await fetch(config.RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        body: new URLSearchParams({ secret, response, remoteip: remoteIp }),
        signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
      });
      if (!reply.ok) throw new Error(`reCAPTCHA siteverify answered ${reply.status}`);
      const result = (await reply.json()) as SiteverifyReply;
      if (result.success !== true) return false;
      // v3 answers carry a score and the page's action; v2 answers carry neither.
      if (typeof result.score === 'number' && result.score < config.RECAPTCHA_MIN_SCORE) return false;
      if (result.action !== undefined && result.action !== 'download') return false;
      return true;
    },
  };
}

/**
 * What the page's Content-Security-Policy must allow for the invisible reCAPTCHA widget (Google's
 * CSP guidance for reCAPTCHA); nothing with ALTCHA, which the portal serves itself.
 */
export function recaptchaContentSources(config: Config): { scriptSources: string[]; frameSources: string[] } {
  if (!config.RECAPTCHA_SITE_KEY || !config.RECAPTCHA_SECRET) return { scriptSources: [], frameSources: [] };
  return {
    scriptSources: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frameSources: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  };
}

/** An external user may download only within a few minutes of a passed verification. */
export function hasFreshVerification(user: AuthenticatedUser, minutes: number, now = Date.now()): boolean {
  if (!needsHumanVerification(user)) return true;
  if (!user.humanVerifiedAt) return false;
  const age = now - user.humanVerifiedAt.getTime();
  return age >= 0 && age <= minutes * 60_000;
}
