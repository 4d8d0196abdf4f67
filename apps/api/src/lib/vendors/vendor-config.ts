import { randomBytes } from 'node:crypto';
import { type Static, Type } from 'typebox';

// The dashboard vendors' settings (VENDORS.md §1–§4). Each vendor left unset falls back to the
// embedded default: demo content the portal serves itself (ARCHITECTURE.md, "dashboards").
const url = Type.String({ pattern: '^https?://[^/?#]+$' });
const usernameFrom = Type.Union([Type.Literal('email'), Type.Literal('userId')], { default: 'email' });

export const DashboardEnv = Type.Object({
  // ThoughtSpot trusted authentication (REST API v2), e.g. https://company.thoughtspot.cloud
  THOUGHTSPOT_HOST: Type.Optional(url),
  THOUGHTSPOT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  THOUGHTSPOT_ADMIN_USERNAME: Type.Optional(Type.String({ minLength: 1 })),
  THOUGHTSPOT_TOKEN_SECONDS: Type.Integer({ minimum: 30, maximum: 86_400, default: 300 }),
  // Tableau connected app (direct trust); /t/* is proxied to TABLEAU_HOST.
  TABLEAU_HOST: Type.Optional(url),
  TABLEAU_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  TABLEAU_SECRET_ID: Type.Optional(Type.String({ minLength: 1 })),
  TABLEAU_SECRET_VALUE: Type.Optional(Type.String({ minLength: 1 })),
  TABLEAU_USERNAME_FROM: usernameFrom,
  // Posit Connect with proxied authentication; /content/* is proxied to POSIT_CONNECT_HOST.
  POSIT_CONNECT_HOST: Type.Optional(url),
  POSIT_CONNECT_USERNAME_FROM: usernameFrom,
  // Amazon QuickSight, registered users.
  QUICKSIGHT_REGION: Type.String({ pattern: '^[a-z]{2}(-gov)?-[a-z]+-\\d+$', default: 'us-east-1' }),
  QUICKSIGHT_ACCOUNT_ID: Type.Optional(Type.String({ pattern: '^\\d{12}$' })),
  QUICKSIGHT_NAMESPACE: Type.String({ minLength: 1, default: 'default' }),
  QUICKSIGHT_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  QUICKSIGHT_ALLOWED_HOSTS: Type.Optional(Type.String()),
  QUICKSIGHT_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  QUICKSIGHT_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  QUICKSIGHT_SESSION_MINUTES: Type.Integer({ minimum: 15, maximum: 600, default: 60 }),
});

type DashboardEnvValues = Static<typeof DashboardEnv>;

export type ThoughtSpotSettings = {
  host: string;
  secret: string;
  adminUsername: string | undefined;
  tokenSeconds: number;
};
export type TableauSettings = {
  /** Undefined: the embedded demo Tableau of the portal checks the JWTs. */
  host: string | undefined;
  clientId: string;
  secretId: string;
  secretValue: string;
  usernameFrom: 'email' | 'userId';
};
export type QuickSightSettings = {
  region: string;
  accountId: string;
  namespace: string;
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  sessionMinutes: number;
};

export type DashboardVendors = {
  thoughtSpot: ThoughtSpotSettings | undefined;
  tableau: TableauSettings;
  positConnect: { host: string; usernameFrom: 'email' | 'userId' } | undefined;
  quickSight: QuickSightSettings | undefined;
  /** Hosts a QuickSight embed address may come from (SPEC.md §5). */
  quicksightHosts: string[];
  /** Vendor origins the portal frames directly (CSP frame-src); proxied vendors are same-origin. */
  frameSources: string[];
};

function requireAll(prefix: string, values: Record<string, unknown>): string | undefined {
  const missing = Object.entries(values)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  return missing.length ? `${missing.join(', ')} required when ${prefix} is set` : undefined;
}

export function dashboardVendors(env: DashboardEnvValues): DashboardVendors | { problem: string } {
  const problem =
    (env.THOUGHTSPOT_HOST &&
      requireAll('THOUGHTSPOT_HOST', { THOUGHTSPOT_SECRET: env.THOUGHTSPOT_SECRET })) ||
    (env.TABLEAU_HOST &&
      requireAll('TABLEAU_HOST', {
        TABLEAU_CLIENT_ID: env.TABLEAU_CLIENT_ID,
        TABLEAU_SECRET_ID: env.TABLEAU_SECRET_ID,
        TABLEAU_SECRET_VALUE: env.TABLEAU_SECRET_VALUE,
      }));
  if (problem) return { problem };

  const quicksightHosts = (
    env.QUICKSIGHT_ALLOWED_HOSTS ?? `${env.QUICKSIGHT_REGION}.quicksight.aws.amazon.com`
  )
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const thoughtSpot =
    env.THOUGHTSPOT_HOST && env.THOUGHTSPOT_SECRET
      ? {
          host: env.THOUGHTSPOT_HOST,
          secret: env.THOUGHTSPOT_SECRET,
          adminUsername: env.THOUGHTSPOT_ADMIN_USERNAME,
          tokenSeconds: env.THOUGHTSPOT_TOKEN_SECONDS,
        }
      : undefined;
  const quickSight = env.QUICKSIGHT_ACCOUNT_ID
    ? {
        region: env.QUICKSIGHT_REGION,
        accountId: env.QUICKSIGHT_ACCOUNT_ID,
        namespace: env.QUICKSIGHT_NAMESPACE,
        endpoint: env.QUICKSIGHT_ENDPOINT,
        credentials:
          env.QUICKSIGHT_ACCESS_KEY_ID && env.QUICKSIGHT_SECRET_ACCESS_KEY
            ? { accessKeyId: env.QUICKSIGHT_ACCESS_KEY_ID, secretAccessKey: env.QUICKSIGHT_SECRET_ACCESS_KEY }
            : undefined,
        sessionMinutes: env.QUICKSIGHT_SESSION_MINUTES,
      }
    : undefined;
  return {
    thoughtSpot,
    // Without a Tableau, the demo Tableau signs and checks with a secret of this process only.
    tableau: {
      host: env.TABLEAU_HOST,
      clientId: env.TABLEAU_CLIENT_ID ?? 'portal-demo',
      secretId: env.TABLEAU_SECRET_ID ?? 'portal-demo-secret',
      secretValue: env.TABLEAU_SECRET_VALUE ?? randomBytes(32).toString('base64url'),
      usernameFrom: env.TABLEAU_USERNAME_FROM,
    },
    positConnect: env.POSIT_CONNECT_HOST
      ? { host: env.POSIT_CONNECT_HOST, usernameFrom: env.POSIT_CONNECT_USERNAME_FROM }
      : undefined,
    quickSight,
    quicksightHosts,
    frameSources: [
      ...(thoughtSpot ? [thoughtSpot.host] : []),
      ...(quickSight ? quicksightHosts.map((host) => `https://${host}`) : []),
    ],
  };
}
