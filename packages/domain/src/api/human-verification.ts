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
