import { createHash } from 'node:crypto';
import { type Static, Type } from 'typebox';
import { parseAllowedRanges } from './address-policy.js';
import { parseSecretKey } from './secret-box.js';

// The webhook settings the API (registration) and the workers (delivery) both read, so that an
// address refused at registration is refused at delivery by the same ranges.

/**
 * The key `npm start` and the tests seal secrets under when WEBHOOK_SECRET_KEY is unset: fixed, so
 * the API and the workers of a development machine open each other's secrets across restarts.
 * Anyone can compute it, so production refuses to start without a key of its own.
 */
export const DEVELOPMENT_SECRET_KEY = createHash('sha256')
  .update('partner-portal development webhook secret key')
  .digest('hex');

/** The variables, spread into the API's and the workers' environment schemas (one set of defaults). */
export const WebhookEnv = {
  /** 32 bytes, as 64 hex digits or base64. Required in production. */
  WEBHOOK_SECRET_KEY: Type.Optional(Type.String({ minLength: 43 })),
  /**
   * Comma-separated CIDR ranges, each with an optional port that it then opens alone:
   * '127.0.0.1/32:8020, [::1]/128:8020, 10.1.0.0/16'. None by default.
   */
  WEBHOOK_ALLOWED_RANGES: Type.String({ default: '' }),
  WEBHOOK_ALLOW_HTTP: Type.Boolean({ default: false }),
};
const WebhookEnvSchema = Type.Object(WebhookEnv);

export type WebhookSettings = {
  /** WEBHOOK_SECRET_KEY: seals and opens the endpoints' signing secrets. */
  secretKey: Buffer;
  /**
   * WEBHOOK_ALLOWED_RANGES: the entries opened despite the address policy (tests, the demo receiver,
   * private deployments), each a CIDR range with an optional port (address-policy.ts). An IPv4 range
   * opens IPv4 only: its IPv4-mapped and NAT64 forms are opened by naming them.
   */
  allowedRanges: string[];
  /** WEBHOOK_ALLOW_HTTP: endpoints may be http:// (tests and the dev tools' receiver only). */
  allowHttp: boolean;
};

/** Throws an Error naming the variable when a setting is wrong or missing in production. */
export function webhookSettings(
  env: Static<typeof WebhookEnvSchema>,
  options: { production: boolean },
): WebhookSettings {
  if (options.production && env.WEBHOOK_SECRET_KEY === undefined) {
    throw new Error('WEBHOOK_SECRET_KEY is required in production (openssl rand -base64 32)');
  }
  if (options.production && env.WEBHOOK_ALLOW_HTTP) {
    throw new Error('WEBHOOK_ALLOW_HTTP is for tests and development, never production');
  }
  let allowedRanges: string[];
  try {
    allowedRanges = parseAllowedRanges(env.WEBHOOK_ALLOWED_RANGES);
  } catch (error) {
    throw new Error(`WEBHOOK_ALLOWED_RANGES: ${(error as Error).message}`);
  }
  let secretKey: Buffer;
  try {
    secretKey = parseSecretKey(env.WEBHOOK_SECRET_KEY ?? DEVELOPMENT_SECRET_KEY);
  } catch (error) {
    throw new Error((error as Error).message);
  }
  return {
    secretKey,
    allowedRanges,
    allowHttp: env.WEBHOOK_ALLOW_HTTP,
  };
}
