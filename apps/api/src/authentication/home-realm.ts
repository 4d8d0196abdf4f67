import { DEFAULT_PROVIDER, type OidcProviderSettings } from '../lib/vendors/oidc-providers.js';

/**
 * Home-realm discovery for the login page: which provider serves what the user typed (an email
 * address or an enterprise id). The reply's uri is where the SPA sends the browser; 'sso' means
 * the default sign-in (SPEC.md §7).
 */
export function signInUriFor(username: string, providers: readonly OidcProviderSettings[]): string {
  const typed = username.trim();
  const at = typed.lastIndexOf('@');
  const domain = at >= 0 ? typed.slice(at + 1).toLowerCase() : null;
  const match = providers.find((p) =>
    domain !== null
      ? p.emailDomains.some((d) => d.toLowerCase() === domain)
      : p.eidPattern !== undefined && new RegExp(`^(?:${p.eidPattern})$`, 'i').test(typed),
  );
  if (match) return authorizationPath(match.name);
  const fallback = providers.find((p) => p.name === DEFAULT_PROVIDER) ?? providers[0];
  return !fallback || fallback.name === DEFAULT_PROVIDER
    ? DEFAULT_PROVIDER
    : authorizationPath(fallback.name);
}

export const authorizationPath = (provider: string) => `/api/oauth2/authorization/${provider}`;
