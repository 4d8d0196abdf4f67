import { DEFAULT_REPORT_EXTENSIONS, parseExtensions } from '@portal/domain';
import { ConfigError, ENV_DEFAULTS, readEnv, SharedEnv } from '@portal/process/env';
import { TelemetryEnv, telemetrySettings } from '@portal/telemetry';
import { WebhookEnv, type WebhookSettings, webhookSettings } from '@portal/webhooks';
import { type Static, Type } from 'typebox';
import { parseTrustProxy, type TrustProxy } from './lib/http/trust-proxy.js';
import { type OidcProviderSettings, parseOidcProviders } from './lib/vendors/oidc-providers.js';
import { DashboardEnv, type DashboardVendors, dashboardVendors } from './lib/vendors/vendor-config.js';

// Every setting of the API, read and validated once at start-up. A wrong value stops the
// process with a message naming the variable. `.env.example` lists them all. What the workers and
// scripts read too comes from SharedEnv, with its one set of defaults.
export const Env = Type.Object({
  ...SharedEnv,
  ...DashboardEnv.properties,
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  // Loopback unless told: the demo's passwords are public, so opening the API to a network is a
  // choice (the image sets HOST=0.0.0.0, as a container must, its published port being the choice).
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8000 }),
  /**
   * On SIGTERM, how long the API keeps serving while /readyz answers 503, so that a load balancer
   * routing on /readyz stops sending calls before the API stops accepting them (server.ts).
   */
  SHUTDOWN_DRAIN_MS: Type.Integer({ minimum: 0, maximum: 5000, default: 2000 }),
  /** Postgres connections of one API process (all requests in flight share them). */
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  WEB_DIST: Type.String({ default: 'apps/web/dist' }),
  STORAGE_DRIVER: Type.Union([Type.Literal('local'), Type.Literal('s3')], { default: 'local' }),
  STORAGE_DIR: Type.String({ default: ENV_DEFAULTS.STORAGE_DIR }),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1 })),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String()),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String()),
  // Read by @portal/storage's createBlobStore, which names them when wrong.
  S3_FORCE_PATH_STYLE: Type.Optional(Type.String()),
  S3_CHECKSUM_CALCULATION: Type.Optional(Type.String()),
  SESSION_ABSOLUTE_HOURS: Type.Integer({ minimum: 1, default: 12 }),
  // How long a tenant invitation's link works.
  INVITATION_EXPIRY_DAYS: Type.Integer({ minimum: 1, maximum: 90, default: 7 }),
  // JSON list of OpenID Connect providers (see lib/vendors/oidc-providers.ts); required in production.
  OIDC_PROVIDERS: Type.Optional(Type.String()),
  // The demo sign-in server (apps/dev-sso), used as provider `sso` when OIDC_PROVIDERS is unset.
  DEV_SSO_ISSUER: Type.String({ pattern: '^https?://', default: 'http://localhost:8010' }),
  DEV_SSO_CLIENT_ID: Type.String({ minLength: 1, default: 'portal' }),
  DEV_SSO_CLIENT_SECRET: Type.String({ minLength: 1, default: 'dev-sso-portal-secret' }),
  // Calls per minute from one client address to each sign-in route (redirect, authorization, callback).
  LOGIN_RATE_LIMIT: Type.Integer({ minimum: 1, default: 60 }),
  // The proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDRs (lib/http/trust-proxy.ts).
  TRUST_PROXY: Type.Optional(Type.String()),
  // The retailer of the dispute form, the literal segment of /forms/{retailer}-disputes.
  FORMS_RETAILER: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', default: 'bjs' }),
  SUPPORT_MAILBOX: Type.String({ pattern: '^[^@ ]+@[^@ ]+$', default: 'support@portal.local' }),
  CUSTOMER_SERVICE_PHONE: Type.String({ default: '1-800-555-0100' }),
  // Human verification before an external user's download: reCAPTCHA when both of these are
  // set, else ALTCHA (self-hosted proof of work) signed with ALTCHA_HMAC_KEY.
  RECAPTCHA_SITE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  RECAPTCHA_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  RECAPTCHA_VERIFY_URL: Type.String({
    pattern: '^https?://',
    default: 'https://www.google.com/recaptcha/api/siteverify',
  }),
  // reCAPTCHA v3 answers carry a score; a lower one fails. v2 answers have none.
  RECAPTCHA_MIN_SCORE: Type.Number({ minimum: 0, maximum: 1, default: 0.5 }),
  // Required in production when ALTCHA is used; elsewhere a random key per process.
  ALTCHA_HMAC_KEY: Type.Optional(Type.String({ minLength: 32 })),
  // How long a passed verification lets an external user download.
  HUMAN_VERIFICATION_MINUTES: Type.Integer({ minimum: 1, maximum: 60, default: 5 }),
  // Bearer token of Prometheus for GET /metrics (API) and each worker's METRICS_PORT; unset: no metrics.
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  // Largest report file a service account may upload.
  REPORT_UPLOAD_MAX_BYTES: Type.Integer({ minimum: 1, default: 2 * 1024 * 1024 * 1024 }),
  // The file-name extensions a report upload may have, comma-separated (the formats the portal delivers).
  REPORT_UPLOAD_EXTENSIONS: Type.String({
    pattern: '^\\s*\\.?[A-Za-z0-9]{1,10}\\s*(,\\s*\\.?[A-Za-z0-9]{1,10}\\s*)*$',
    default: DEFAULT_REPORT_EXTENSIONS.join(','),
  }),
  // The OpenAPI document at /api/docs: for signed-in internal users (internal), or not served (off).
  API_DOCS: Type.Union([Type.Literal('internal'), Type.Literal('off')], { default: 'internal' }),
  // Webhooks: the key sealing endpoints' secrets (required in production), the ranges opened and http.
  ...WebhookEnv,
  // OpenTelemetry traces (OTEL_*): read again by the register file loaded before the API (@portal/telemetry).
  ...TelemetryEnv,
});

export type Config = Static<typeof Env> & {
  cookieSecure: boolean;
  oidcProviders: OidcProviderSettings[];
  dashboards: DashboardVendors;
  trustProxy: TrustProxy;
  /** REPORT_UPLOAD_EXTENSIONS as lower-case extensions without the dot. */
  reportUploadExtensions: string[];
  /** WEBHOOK_*: the same reading as the workers', so registration and delivery refuse alike. */
  webhooks: WebhookSettings;
};

export { ConfigError };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = readEnv(Env, env);
  if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER is s3');
  }
  if (Boolean(config.RECAPTCHA_SITE_KEY) !== Boolean(config.RECAPTCHA_SECRET)) {
    throw new ConfigError('Invalid configuration: RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set together');
  }
  if (config.NODE_ENV === 'production' && !config.RECAPTCHA_SITE_KEY && !config.ALTCHA_HMAC_KEY) {
    throw new ConfigError(
      'Invalid configuration: ALTCHA_HMAC_KEY is required in production unless reCAPTCHA is configured',
    );
  }
  const oidc = parseOidcProviders(config.OIDC_PROVIDERS, {
    production: config.NODE_ENV === 'production',
    devSso: {
      issuer: config.DEV_SSO_ISSUER,
      clientId: config.DEV_SSO_CLIENT_ID,
      clientSecret: config.DEV_SSO_CLIENT_SECRET,
    },
  });
  if ('problem' in oidc) throw new ConfigError(`Invalid configuration: ${oidc.problem}`);
  const dashboards = dashboardVendors(config);
  if ('problem' in dashboards) throw new ConfigError(`Invalid configuration: ${dashboards.problem}`);
  const trustProxy = parseTrustProxy(config.TRUST_PROXY);
  if (typeof trustProxy === 'object' && 'problem' in trustProxy) {
    throw new ConfigError(`Invalid configuration: ${trustProxy.problem}`);
  }
  // Checked here too, so that a wrong OTEL_* value stops a start that forgot the register file.
  telemetrySettings(config, 'portal-api');
  let webhooks: WebhookSettings;
  try {
    webhooks = webhookSettings(config, { production: config.NODE_ENV === 'production' });
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  return {
    ...config,
    webhooks,
    trustProxy,
    reportUploadExtensions: parseExtensions(config.REPORT_UPLOAD_EXTENSIONS),
    cookieSecure: config.PUBLIC_URL.startsWith('https://'),
    oidcProviders: oidc.providers,
    dashboards,
  };
}
