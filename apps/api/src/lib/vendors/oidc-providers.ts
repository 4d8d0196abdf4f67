import { schemaProblems } from '@portal/process/schema-errors';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

// The OpenID Connect providers users sign in with. Production lists them in OIDC_PROVIDERS;
// without it (outside production) the portal uses the demo server apps/dev-sso as `sso`.

export const ProviderSchema = Type.Object(
  {
    /** The path segment: /api/oauth2/authorization/<name>. */
    name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$' }),
    issuer: Type.String({ pattern: '^https?://' }),
    clientId: Type.String({ minLength: 1 }),
    clientSecret: Type.String({ minLength: 1 }),
    /** Email domains this provider serves, for home-realm discovery on the login page. */
    emailDomains: Type.Array(Type.String({ pattern: '^[A-Za-z0-9.-]+$' }), { default: [] }),
    /** Enterprise ids (EID) this provider serves, as a regular expression matched in full. */
    eidPattern: Type.Optional(Type.String({ minLength: 1 })),
    /** The key of its subjects in user_identities; defaults to the name. */
    identityProvider: Type.Optional(Type.String({ minLength: 1 })),
    scope: Type.String({ default: 'openid email profile' }),
  },
  { additionalProperties: false },
);
const ProvidersSchema = Type.Array(ProviderSchema, { minItems: 1 });

export type OidcProviderSettings = Static<typeof ProviderSchema> & { identityProvider: string };

export type DevSsoSettings = { issuer: string; clientId: string; clientSecret: string };

/** The name of the provider the login page's 'sso' answer stands for. */
export const DEFAULT_PROVIDER = 'sso';

/** Parses OIDC_PROVIDERS; returns the problems (naming the variable) instead of throwing. */
export function parseOidcProviders(
  raw: string | undefined,
  options: { production: boolean; devSso: DevSsoSettings },
): { providers: OidcProviderSettings[] } | { problem: string } {
  if (!raw) {
    if (options.production) return { problem: 'OIDC_PROVIDERS is required when NODE_ENV is production' };
    return {
      providers: [
        {
          name: DEFAULT_PROVIDER,
          ...options.devSso,
          emailDomains: [],
          identityProvider: 'dev-sso',
          scope: 'openid email profile',
        },
      ],
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { problem: 'OIDC_PROVIDERS must be a JSON array of providers' };
  }
  const value = Value.Default(ProvidersSchema, parsed);
  const errors = schemaProblems(ProvidersSchema, value);
  if (errors.length > 0) {
    const first = errors[0]!;
    return { problem: `OIDC_PROVIDERS${first.path.replaceAll('/', '.')}: ${first.message}` };
  }
  const providers = (value as Static<typeof ProvidersSchema>).map((p) => ({
    ...p,
    identityProvider: p.identityProvider ?? p.name,
  }));
  const names = providers.map((p) => p.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) return { problem: `OIDC_PROVIDERS: the name "${duplicate}" is used twice` };
  for (const [i, p] of providers.entries()) {
    if (options.production && !p.issuer.startsWith('https://')) {
      return { problem: `OIDC_PROVIDERS.${i}.issuer must be https in production` };
    }
    if (p.eidPattern !== undefined) {
      try {
        new RegExp(p.eidPattern);
      } catch {
        return { problem: `OIDC_PROVIDERS.${i}.eidPattern is not a valid regular expression` };
      }
    }
  }
  return { providers };
}
