import { randomBytes } from 'node:crypto';
import { claimVerificationToken, type Database } from '@portal/db';
import { hasFreshVerification as freshVerification } from '@portal/domain/access/fresh-verification';
// altcha-lib 2 at its root: the v2 challenge format of the ALTCHA 3 widget ({parameters,
// signature}; the solution is a counter and the key it derives). The v1 API (hmacKey, expires,
// maxNumber) stays at 'altcha-lib/v1' and is not used: the widget and the server move together.
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Payload } from 'altcha-lib/types';
import type { Kysely } from 'kysely';
import type { AuthenticatedUser } from '../http/principal.js';

/** The settings of human verification, as config.ts reads them. */
export type HumanVerificationSettings = {
  RECAPTCHA_SITE_KEY?: string | undefined;
  RECAPTCHA_SECRET?: string | undefined;
  RECAPTCHA_VERIFY_URL: string;
  RECAPTCHA_MIN_SCORE: number;
  ALTCHA_HMAC_KEY?: string | undefined;
};

// Human verification before an external user's download (SPEC.md §5, §6). ALTCHA is the embedded
// default: the server signs a proof-of-work challenge, the browser solves it, and a solution is
// accepted once. With a reCAPTCHA site key and secret, Google's siteverify decides instead.

export type HumanVerificationMode = 'altcha' | 'recaptcha';

/** An ALTCHA challenge of this server: always signed, always with an expiry (seconds). */
export type SignedChallenge = Challenge & {
  parameters: Challenge['parameters'] & { expiresAt: number };
  signature: string;
};

export type HumanVerification = {
  mode: HumanVerificationMode;
  /** The reCAPTCHA site key, or null with ALTCHA. */
  siteKey: string | null;
  /** A fresh ALTCHA challenge (ALTCHA mode only). */
  challenge(): Promise<SignedChallenge>;
  /** True when `response` proves a human, and has not been used before. */
  verify(response: string, remoteIp: string): Promise<boolean>;
};

/** An ALTCHA challenge must be solved and used within this time. */
const CHALLENGE_SECONDS = 300;
/**
 * One SHA-256 per counter (cost 1), and the counter that solves a challenge is drawn between these
 * (deterministic mode: the key prefix is half the key derived from that counter, so only it
 * matches). At most 50,000 hashes: well under a second of work in a browser (web workers), the
 * budget of altcha-lib 1's maxNumber before.
 */
const ALTCHA_ALGORITHM = 'SHA-256';
const ALTCHA_MIN_COUNTER = 5_000;
const ALTCHA_MAX_COUNTER = 50_000;
const SITEVERIFY_TIMEOUT_MS = 5_000;

export function createHumanVerification(
  config: HumanVerificationSettings,
  db: Kysely<Database>,
  now: () => Date,
): HumanVerification {
  if (config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET) {
    return recaptcha(config, config.RECAPTCHA_SITE_KEY, config.RECAPTCHA_SECRET);
  }
  return altcha(config.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'), db, now);
}

function altcha(hmacKey: string, db: Kysely<Database>, now: () => Date): HumanVerification {
  return {
    mode: 'altcha',
    siteKey: null,
    // Signed because hmacSignatureSecret is given, with an expiry because expiresAt is.
    challenge: async () =>
      (await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: 1,
        counter: randomInt(ALTCHA_MAX_COUNTER, ALTCHA_MIN_COUNTER),
        deriveKey,
        hmacSignatureSecret: hmacKey,
        expiresAt: new Date(now().getTime() + CHALLENGE_SECONDS * 1000),
      })) as SignedChallenge,
    async verify(response) {
      const payload = decodeAltchaPayload(response);
      // Challenges of this server always carry an expiry; one without it is not ours.
      const expiresAt = payload?.challenge.parameters.expiresAt;
      if (!payload || typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return false;
      // Checks the expiry, the signature over the parameters, then derives the key of the
      // submitted counter again: it must equal the submitted key and start with the signed prefix.
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: hmacKey,
      });
      if (!result.verified) return false;
      // Replay protection: a challenge (its signature, over a random nonce and salt) is used once,
      // remembered until it expires.
      return claimVerificationToken(db, payload.challenge.signature, new Date(expiresAt * 1000));
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the widget submits, of a signed challenge: the challenge as served, and its solution. */
type SignedPayload = Payload & { challenge: { signature: string } };

/** The widget's payload: base64 JSON {challenge: {parameters, signature}, solution: {counter, derivedKey}}. */
function decodeAltchaPayload(response: string): SignedPayload | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
    if (!isRecord(payload) || !isRecord(payload.challenge) || !isRecord(payload.solution)) return null;
    const { parameters, signature } = payload.challenge;
    const { counter, derivedKey } = payload.solution;
    const valid =
      isRecord(parameters) &&
      typeof parameters.algorithm === 'string' &&
      typeof parameters.nonce === 'string' &&
      typeof parameters.salt === 'string' &&
      typeof parameters.keyPrefix === 'string' &&
      typeof signature === 'string' &&
      typeof counter === 'number' &&
      typeof derivedKey === 'string';
    return valid ? (payload as unknown as SignedPayload) : null;
  } catch {
    return null;
  }
}

type SiteverifyReply = { success?: boolean; score?: number; action?: string; 'error-codes'?: string[] };

function recaptcha(config: HumanVerificationSettings, siteKey: string, secret: string): HumanVerification {
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
export function recaptchaContentSources(config: HumanVerificationSettings): {
  scriptSources: string[];
  frameSources: string[];
} {
  if (!config.RECAPTCHA_SITE_KEY || !config.RECAPTCHA_SECRET) return { scriptSources: [], frameSources: [] };
  return {
    scriptSources: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frameSources: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  };
}

/** An external user may download only within a few minutes of a passed verification (fresh-verification.ts). */
export function hasFreshVerification(user: AuthenticatedUser, minutes: number, now: number): boolean {
  return freshVerification(user, minutes, now);
}
