import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// The replies of human verification before an external user's download (SPEC.md §5, §7).

/** GET /api/environment-context: which check is in use, and what the browser needs to run it. */
export const EnvironmentContext = Type.Object({
  /** The reCAPTCHA site key; null when ALTCHA is used. */
  googleRecaptchaPublicKey: Nullable(Type.String()),
  humanVerification: Type.Union([Type.Literal('altcha'), Type.Literal('recaptcha')]),
  altchaChallengeUrl: Nullable(Type.String()),
});
export type EnvironmentContext = Static<typeof EnvironmentContext>;

/** POST /api/validate-recaptcha: true only when the check passed and the session now carries it. */
export const HumanVerificationResult = Type.Object({ success: Type.Boolean() });
export type HumanVerificationResult = Static<typeof HumanVerificationResult>;

/**
 * GET /api/altcha/challenge: the ALTCHA 3 widget's challenge (altcha-lib 2). The signature covers
 * every parameter as sent, so the reply must carry them all unchanged: a parameter missing here is
 * dropped by the serializer and the solution then fails its signature check.
 */
export const AltchaChallenge = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    expiresAt: Type.Integer(),
  }),
  signature: Type.String(),
});
export type AltchaChallenge = Static<typeof AltchaChallenge>;
